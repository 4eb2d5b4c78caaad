import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowRight } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { type Me, WelcomeInput } from '#common/schemas/profile.ts'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { useCompleteWelcome } from '../api/complete-welcome.ts'
import { AvatarUpload } from './avatar-upload.tsx'
import { ProfileFields } from './profile-fields.tsx'

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-6 border-t border-stone-100 pt-8 first:border-t-0 first:pt-0">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  )
}

/** The welcome step after sign-up: photo, name, bio, intent and interests; Continue saves and onboards. */
export function WelcomeForm({ me }: { me: Me }) {
  const navigate = useNavigate()
  const welcome = useCompleteWelcome()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<WelcomeInput>({
    resolver: zodResolver(WelcomeInput),
    defaultValues: { name: me.name, bio: me.bio, intent: me.intent ?? undefined, interests: me.interests },
  })
  const { handleSubmit, setError } = form

  const onSubmit = handleSubmit((values) => {
    setFormError(null)
    welcome.mutate(values, {
      onSuccess: () => {
        toast.success(me.onboarded ? 'Your profile is saved.' : 'Your profile is ready. Welcome to Inkwell!')
        navigate('/dashboard')
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(error, setError, (key) =>
            sameNames<WelcomeInput>(['name', 'bio', 'intent', 'interests'])(key.split('.')[0]),
          ),
        ),
    })
  })

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-7">
        {formError && <Alert>{formError}</Alert>}
        <Step title="Your photo">
          <AvatarUpload name={me.name} image={me.image} />
        </Step>
        <ProfileFields Group={Step} />
        <div className="flex flex-col-reverse gap-3 border-t border-stone-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <Link to="/dashboard" className={buttonClass('ghost', 'lg')}>
            Skip for now
          </Link>
          <Button type="submit" size="lg" busy={welcome.isPending}>
            Continue {!welcome.isPending && <ArrowRight className="size-4" aria-hidden />}
          </Button>
        </div>
      </form>
    </FormProvider>
  )
}
