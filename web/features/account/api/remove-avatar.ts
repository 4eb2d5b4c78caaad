import { Me } from '#common/schemas/profile.ts'
import { api } from '#web/lib/api-client.ts'
import { useProfileMutation } from './profile-mutation.ts'

export const removeAvatar = () => api('/api/me/avatar', Me, { method: 'DELETE' })

export const useRemoveAvatar = () => useProfileMutation(removeAvatar)
