import { Me, type UpdateProfileInput } from '#common/schemas/profile.ts'
import { api } from '#web/lib/api-client.ts'
import { useProfileMutation } from './profile-mutation.ts'

export const updateProfile = (input: UpdateProfileInput) =>
  api('/api/me', Me, { method: 'PATCH', body: input })

/** PATCH /api/me. */
export const useUpdateProfile = () => useProfileMutation(updateProfile, { inlineErrors: true })
