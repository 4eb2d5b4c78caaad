import type { ReactNode } from 'react'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import type { Intent } from '#common/schemas/profile.ts'
import { TextField } from '#web/components/ui/field.tsx'
import { BioField } from './bio-field.tsx'
import { IntentPicker } from './intent-picker.tsx'
import { InterestsPicker } from './interests-picker.tsx'

/** The part of a profile both the settings form and the welcome step edit. */
interface ProfileFieldValues {
  name: string
  bio: string
  intent: Intent | null | undefined
  interests: string[]
}

type Group = (props: { title: string; children: ReactNode }) => ReactNode

const Untitled: Group = ({ children }) => children

/**
 * Display name, bio, intent and interests, for the form around them (a FormProvider). They come
 * in two groups, who you are and what brings you here; `Group` can title them.
 */
export function ProfileFields({ Group = Untitled }: { Group?: Group }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ProfileFieldValues>()
  const bio = useWatch({ control, name: 'bio' }) ?? ''

  return (
    <>
      <Group title="About you">
        <TextField
          label="Display name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <BioField registration={register('bio')} length={bio.length} error={errors.bio?.message} />
      </Group>
      <Group title="What brings you here">
        <Controller
          control={control}
          name="intent"
          render={({ field, fieldState }) => (
            <IntentPicker
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="interests"
          render={({ field, fieldState }) => (
            <InterestsPicker
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      </Group>
    </>
  )
}
