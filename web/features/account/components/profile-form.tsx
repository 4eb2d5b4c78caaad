import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, useState } from 'react'
import { type FieldPath, FormProvider, useForm } from 'react-hook-form'
import type { Me } from '#common/schemas/profile.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { applyServerErrors } from '#web/lib/form-errors.ts'
import { useUpdateProfile } from '../api/update-profile.ts'
import { LinksField } from './links-field.tsx'
import { ProfileFields } from './profile-fields.tsx'
import {
  type ProfileFormInput,
  ProfileFormSchema,
  type ProfileFormValues,
  toUpdateProfileInput,
} from './profile-form-schema.ts'

const defaultsOf = (me: Me): ProfileFormInput => ({
  name: me.name,
  bio: me.bio,
  intent: me.intent,
  interests: me.interests,
  links: me.links.map((url) => ({ url })),
})

/** Settings → Profile: name, bio, intent, interests and links, saved with PATCH /api/me. */
export function ProfileForm({ me }: { me: Me }) {
  const update = useUpdateProfile()
  const [formError, setFormError] = useState<string | null>(null)
  // Which form row each sent link came from, so the server's `links.N` lands on the right row.
  const sentLinkRows = useRef<number[]>([])
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: defaultsOf(me),
  })
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = form

  const fieldOf = (key: string): FieldPath<ProfileFormInput> | undefined => {
    const [root, index] = key.split('.')
    if (root === 'links')
      return index === undefined ? 'links' : `links.${sentLinkRows.current[Number(index)] ?? 0}.url`
    if (root === 'name' || root === 'bio' || root === 'intent' || root === 'interests') return root
    return undefined
  }

  const onSubmit = handleSubmit((values) => {
    setFormError(null)
    const { input, linkRows } = toUpdateProfileInput(values)
    sentLinkRows.current = linkRows
    update.mutate(input, {
      onSuccess: (saved) => {
        reset(defaultsOf(saved))
        toast.success('Your profile is saved.')
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, fieldOf)),
    })
  })

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-7">
        {formError && <Alert>{formError}</Alert>}
        <ProfileFields />
        <LinksField />
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-stone-100 pt-6">
          {isDirty && <span className="text-sm text-stone-500">You have unsaved changes.</span>}
          <Button type="submit" busy={update.isPending}>
            Save profile
          </Button>
        </div>
      </form>
    </FormProvider>
  )
}
