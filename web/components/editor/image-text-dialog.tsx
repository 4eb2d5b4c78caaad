import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { IMAGE_ALT_MAX_LENGTH } from '#common/constants.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TextField } from '#web/components/ui/field.tsx'

/** What a writer says about an image: alt text ("" for a decorative one) and an optional caption. */
export interface ImageText {
  alt: string
  caption: string
}

const ImageTextForm = z
  .object({
    // A disabled field (a decorative image) sends nothing.
    alt: z.string().trim().max(IMAGE_ALT_MAX_LENGTH).default(''),
    decorative: z.boolean(),
    caption: z.string().trim(),
  })
  .refine(({ alt, decorative }) => decorative || alt !== '', {
    path: ['alt'],
    message: 'Describe the image, or mark it as decorative.',
  })
  .transform(({ alt, decorative, caption }): ImageText => ({ alt: decorative ? '' : alt, caption }))

/** Past this many characters the alt text's hint counts them against the limit. */
const COUNT_FROM = IMAGE_ALT_MAX_LENGTH - 100

interface ImageTextDialogProps {
  /** The image being described (a local preview while a new one uploads). */
  src: string
  /** A new image is inserted once it has uploaded; an image already in the post is edited. */
  mode: 'insert' | 'edit'
  initial?: ImageText
  uploading?: boolean
  /** Why the image cannot be inserted (its upload failed). */
  problem?: string | null
  onSave: (text: ImageText) => void
  onClose: () => void
}

/**
 * Asks for an image's alt text (or an explicit "decorative", which stores alt="") and a caption,
 * when a writer inserts an image and whenever they edit one.
 */
export function ImageTextDialog({
  src,
  mode,
  initial,
  uploading = false,
  problem,
  onSave,
  onClose,
}: ImageTextDialogProps) {
  const decorativeHint = useId()
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof ImageTextForm>, unknown, ImageText>({
    resolver: zodResolver(ImageTextForm),
    defaultValues: {
      alt: initial?.alt ?? '',
      // An image already in the post without alt text is, as it stands, decorative.
      decorative: initial !== undefined && initial.alt === '',
      caption: initial?.caption ?? '',
    },
  })
  const decorative = watch('decorative')
  const altLength = watch('alt')?.length ?? 0
  const waiting = mode === 'insert' && (uploading || Boolean(problem))

  return (
    <Dialog
      title={mode === 'insert' ? 'Describe this image' : 'Alt text and caption'}
      description="Alt text is read aloud to people who use screen readers, and shown when the image cannot load."
      onClose={onClose}
    >
      <form
        className="mt-5 space-y-5"
        noValidate
        onSubmit={handleSubmit((text) => {
          if (!waiting) onSave(text)
        })}
      >
        <img src={src} alt="" className="max-h-44 w-full rounded-lg bg-stone-100 object-contain" />
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="space-y-3">
          <TextField
            label="Alt text"
            hint={
              altLength > COUNT_FROM
                ? `Describe the image for people who can’t see it. ${altLength}/${IMAGE_ALT_MAX_LENGTH}`
                : 'Describe the image for people who can’t see it.'
            }
            maxLength={IMAGE_ALT_MAX_LENGTH}
            autoComplete="off"
            error={errors.alt?.message}
            {...register('alt', { disabled: decorative })}
          />
          <div>
            <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-stone-800">
              <input
                type="checkbox"
                className="size-4 accent-ink-800"
                aria-describedby={decorativeHint}
                {...register('decorative')}
              />
              Decorative image
            </label>
            <p id={decorativeHint} className="mt-1 pl-6.5 text-sm text-stone-500">
              It adds nothing to the text, so screen readers skip it.
            </p>
          </div>
        </div>
        <TextField
          label="Caption (optional)"
          hint="Shown below the image to every reader."
          autoComplete="off"
          {...register('caption')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={mode === 'insert' && uploading} disabled={Boolean(problem)}>
            {mode === 'edit' ? 'Save' : uploading ? 'Uploading…' : 'Insert image'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
