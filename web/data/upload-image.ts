import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '#web/lib/api-client.ts'

const UploadedImage = z.object({ url: z.string() })

/** POST /api/uploads/images as multipart, field `file`; the server checks the bytes and size. */
export function uploadImage(file: File) {
  const form = new FormData()
  form.append('file', file)
  return api('/api/uploads/images', UploadedImage, { method: 'POST', form }).then((r) => r.url)
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage, meta: { inlineErrors: true } })
