import { BookImage, ImagePlus, Trash } from 'lucide-react'
import { type ChangeEvent, useId, useState } from 'react'
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '#common/constants.ts'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useUploadImage } from '#web/data/upload-image.ts'
import { ApiError } from '#web/lib/api-client.ts'

const MAX_MB = Math.round(IMAGE_MAX_BYTES / 1024 / 1024)

export const uploadMessageOf = (error: unknown) =>
  error instanceof ApiError ? (error.fields?.file ?? error.message) : 'The upload failed. Please try again.'

/** How a cover is shown: a post's wide banner, or a book's 2:3 jacket. */
const SHAPES = {
  post: {
    frame: 'w-full',
    box: 'aspect-[16/9] w-full rounded-lg',
    image: 'ring-1 ring-stone-200',
    alt: 'Cover preview',
    Icon: ImagePlus,
    hint: '',
  },
  book: {
    frame: 'w-36 md:w-full',
    box: 'aspect-[2/3] w-full rounded-md',
    image: 'shadow-md ring-1 ring-stone-200',
    alt: "The book's cover",
    Icon: BookImage,
    hint: '; a tall image fits best',
  },
}

/**
 * The cover of a post or a book: pick an image and it uploads at once (the server checks the
 * bytes); the post or book keeps only the returned URL.
 */
export function CoverUpload({
  value,
  onChange,
  error,
  shape = 'post',
}: {
  value: string | null
  onChange: (url: string | null) => void
  error?: string
  shape?: keyof typeof SHAPES
}) {
  const look = SHAPES[shape]
  const id = useId()
  const upload = useUploadImage()
  const [problem, setProblem] = useState<string | null>(null)

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setProblem(null)
    if (file.size > IMAGE_MAX_BYTES) {
      setProblem(`That file is larger than ${MAX_MB} MB. Choose a smaller image.`)
      return
    }
    upload.mutate(file, { onSuccess: onChange, onError: (failure) => setProblem(uploadMessageOf(failure)) })
  }

  const message = error ?? problem
  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-stone-800">Cover image</span>
      <div className={look.frame}>
        {value ? (
          <img src={value} alt={look.alt} className={`${look.box} object-cover ${look.image}`} />
        ) : (
          <div
            className={`${look.box} flex items-center justify-center border border-dashed border-stone-300 bg-stone-50 text-stone-400`}
          >
            {upload.isPending ? (
              <Spinner label="Uploading the cover…" />
            ) : (
              <look.Icon className="size-8" aria-hidden />
            )}
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <label htmlFor={id} className={buttonClass('secondary', 'sm', 'cursor-pointer')}>
          {value ? 'Replace cover' : 'Upload cover'}
        </label>
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={onPick}
          disabled={upload.isPending}
          className="sr-only"
        />
        {value && (
          <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
            <Trash className="size-4" aria-hidden /> Remove cover
          </Button>
        )}
      </div>
      {message ? (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : (
        <p className="text-sm text-stone-500">
          PNG, JPEG or WebP, up to {MAX_MB} MB{look.hint}.
        </p>
      )}
    </div>
  )
}
