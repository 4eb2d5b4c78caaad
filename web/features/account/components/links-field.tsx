import { Link2, Plus, X } from 'lucide-react'
import { useId } from 'react'
import { useFieldArray, useFormContext } from 'react-hook-form'
import { LINKS_MAX } from '#common/constants.ts'
import { Button } from '#web/components/ui/button.tsx'
import type { ProfileFormInput } from './profile-form-schema.ts'

/**
 * "Links": up to LINKS_MAX URLs (website, newsletter, social profiles), added and removed in place,
 * for the profile form around it (a FormProvider).
 */
export function LinksField() {
  const id = useId()
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ProfileFormInput>()
  const { fields, append, remove } = useFieldArray({ control, name: 'links' })
  const full = fields.length >= LINKS_MAX
  const listError = errors.links?.message ?? errors.links?.root?.message

  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-stone-800">Links</legend>
      <p id={`${id}-hint`} className="-mt-1 text-sm text-stone-500">
        Your website, newsletter or social profiles, up to {LINKS_MAX}. Shown on your writer page.
      </p>
      {fields.length > 0 && (
        <ol className="space-y-2.5">
          {fields.map((field, index) => {
            const error = errors.links?.[index]?.url?.message
            const inputId = `${id}-${field.id}`
            return (
              <li key={field.id}>
                <div className="flex items-center gap-2">
                  <label htmlFor={inputId} className="sr-only">
                    Link {index + 1}
                  </label>
                  <div className="relative min-w-0 flex-1">
                    <Link2
                      className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
                      aria-hidden
                    />
                    <input
                      id={inputId}
                      type="url"
                      inputMode="url"
                      autoComplete="url"
                      placeholder="https://"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                      className={`block w-full rounded-lg border bg-white py-2 pr-3 pl-9 text-[15px] text-stone-900 shadow-xs placeholder:text-stone-400 focus:ring-2 focus:outline-none ${
                        error
                          ? 'border-red-600 focus:ring-red-600/30'
                          : 'border-stone-300 focus:border-ink-600 focus:ring-ink-600/20'
                      }`}
                      {...register(`links.${index}.url`)}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="size-10 px-0"
                    onClick={() => remove(index)}
                    aria-label={`Remove link ${index + 1}`}
                  >
                    <X className="size-4" aria-hidden />
                  </Button>
                </div>
                {error && (
                  <p id={`${inputId}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
                    {error}
                  </p>
                )}
              </li>
            )
          })}
        </ol>
      )}
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => append({ url: '' })} disabled={full}>
          <Plus className="size-4" aria-hidden /> Add a link
        </Button>
        {full && <span className="text-sm text-stone-500">That's the maximum of {LINKS_MAX} links.</span>}
      </div>
    </fieldset>
  )
}
