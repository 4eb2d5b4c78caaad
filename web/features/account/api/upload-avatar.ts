import { Me } from '#common/schemas/profile.ts'
import { api } from '#web/lib/api-client.ts'
import { useProfileMutation } from './profile-mutation.ts'

/** PUT /api/me/avatar as multipart, field `file`. The server checks the bytes (PNG, JPEG, WebP) and size. */
export function uploadAvatar(file: File) {
  const form = new FormData()
  form.append('file', file)
  return api('/api/me/avatar', Me, { method: 'PUT', form })
}

export const useUploadAvatar = () => useProfileMutation(uploadAvatar, { inlineErrors: true })
