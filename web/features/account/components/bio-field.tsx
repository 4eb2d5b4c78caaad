import type { UseFormRegisterReturn } from 'react-hook-form'
import { BIO_MAX_LENGTH } from '#common/constants.ts'
import { TextArea } from '#web/components/ui/field.tsx'

/** "Short bio": a textarea with a character counter against the shared limit. */
export function BioField({
  registration,
  length,
  error,
}: {
  registration: UseFormRegisterReturn
  length: number
  error?: string
}) {
  return (
    <TextArea
      label="Short bio"
      rows={4}
      maxLength={BIO_MAX_LENGTH}
      placeholder="A sentence or two about you: what you teach, write or love to read."
      error={error}
      hint={
        <span className="flex justify-between gap-4">
          <span>Shown on your writer page.</span>
          <span className={`tabular-nums ${length >= BIO_MAX_LENGTH ? 'font-medium text-stone-800' : ''}`}>
            {length}/{BIO_MAX_LENGTH}
            <span className="sr-only"> characters used</span>
          </span>
        </span>
      }
      {...registration}
    />
  )
}
