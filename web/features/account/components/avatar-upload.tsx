import { Camera, Trash } from 'lucide-react'
import { type ChangeEvent, useEffect, useId, useState } from 'react'
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '#common/constants.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useRemoveAvatar } from '../api/remove-avatar.ts'
import { useUploadAvatar } from '../api/upload-avatar.ts'

const MAX_MB = Math.round(IMAGE_MAX_BYTES / 1024 / 1024)

const messageOf = (error: unknown) =>
  error instanceof ApiError ? (error.fields?.file ?? error.message) : 'The upload failed. Please try again.'

/**
 * The profile photo: pick a file and it uploads at once (PUT /api/me/avatar), with a preview while
 * it travels; the server checks the bytes and size and its message shows here. Remove deletes it.
 */
export function AvatarUpload({ name, image }: { name: string; image: string | null }) {
  const id = useId()
  const upload = useUploadAvatar()
  const remove = useRemoveAvatar()
  const [preview, setPreview] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = '' // picking the same file again should upload again
    if (!file) return
    setError(null)
    // Saves sending a file the server would refuse anyway; the server still checks everything.
    if (file.size > IMAGE_MAX_BYTES) {
      setError(`That file is larger than ${MAX_MB} MB. Choose a smaller image.`)
      return
    }
    setPreview(URL.createObjectURL(file))
    upload.mutate(file, {
      onSuccess: () => toast.success('Your photo is updated.'),
      onError: (failure) => setError(messageOf(failure)),
      onSettled: () => setPreview(null),
    })
  }

  const onRemove = () => {
    setError(null)
    remove.mutate(undefined, {
      onSuccess: () => toast.success('Your photo is removed.'),
      onError: (failure) => setError(messageOf(failure)),
    })
  }

  const shown = preview ?? image
  const busy = upload.isPending || remove.isPending
  return (
    <div className="flex items-center gap-4 sm:gap-5">
      <div className="relative size-20 shrink-0">
        {shown ? (
          <img
            src={shown}
            alt={preview ? 'Preview of your new photo' : 'Your profile photo'}
            className="size-20 rounded-full object-cover ring-1 ring-stone-200"
          />
        ) : (
          <Avatar name={name} size="lg" />
        )}
        {upload.isPending && (
          <span
            role="status"
            className="absolute inset-0 flex items-center justify-center rounded-full bg-white/60 text-ink-800"
          >
            <Spinner />
            <span className="sr-only">Uploading your photo…</span>
          </span>
        )}
      </div>
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={onPick}
            disabled={busy}
            aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className={buttonClass(
              'secondary',
              'sm',
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            )}
          >
            <Camera className="size-4" aria-hidden />
            {image ? 'Change photo' : 'Upload a photo'}
          </label>
          {image && (
            <Button variant="ghost" size="sm" onClick={onRemove} busy={remove.isPending} disabled={busy}>
              {!remove.isPending && <Trash className="size-4" aria-hidden />}
              Remove photo
            </Button>
          )}
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-sm text-stone-500">
            PNG, JPEG or WebP, up to {MAX_MB} MB. A square photo works best.
          </p>
        )}
      </div>
    </div>
  )
}
