import { ImagePlus, Trash } from 'lucide-react'
import { type ChangeEvent, useId, useState } from 'react'
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '#common/constants.ts'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useUploadImage } from '../api/upload-image.ts'

const MAX_MB = Math.round(IMAGE_MAX_BYTES / 1024 / 1024)

export const uploadMessageOf = (error: unknown) =>
  error instanceof ApiError ? (error.fields?.file ?? error.message) : 'The upload failed. Please try again.'

/** The cover: pick an image and it uploads at once; the post keeps only the returned URL. */
export function CoverUpload({
  value,
  onChange,
  error,
}: {
  value: string | null
  onChange: (url: string | null) => void
  error?: string
}) {
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
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-stone-800">Cover image</span>
      {value ? (
        <img
          src={value}
          alt="Cover preview"
          className="aspect-[16/9] w-full rounded-lg object-cover ring-1 ring-stone-200"
        />
      ) : (
        <div className="flex aspect-[16/9] w-full items-center justify-center rounded-lg border border-dashed border-stone-300 bg-stone-50 text-stone-400">
          {upload.isPending ? (
            <Spinner label="Uploading the cover…" />
          ) : (
            <ImagePlus className="size-8" aria-hidden />
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <label htmlFor={id} className={buttonClass('secondary', 'sm', 'cursor-pointer')}>
          {value ? 'Replace' : 'Upload cover'}
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
        <p className="text-sm text-stone-500">PNG, JPEG or WebP, up to {MAX_MB} MB.</p>
      )}
    </div>
  )
}
