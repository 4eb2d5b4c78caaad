import { Me, type WelcomeInput } from '#common/schemas/profile.ts'
import { api } from '#web/lib/api-client.ts'
import { useProfileMutation } from './profile-mutation.ts'

export const completeWelcome = (input: WelcomeInput) =>
  api('/api/me/welcome', Me, { method: 'POST', body: input })

/** POST /api/me/welcome: saves the welcome answers and marks the person onboarded. */
export const useCompleteWelcome = () => useProfileMutation(completeWelcome, { inlineErrors: true })
