import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RenamePasskeyInput, SignInProviderId } from '#common/schemas/sign-in-methods.ts'
import { SignInMethods } from '#common/schemas/sign-in-methods.ts'
import { ApiError, api } from '#web/lib/api-client.ts'
import { authClient } from '#web/lib/auth-client.ts'
import type { AuthError } from '#web/lib/auth-errors.ts'
import { authFailure } from './auth-failure.ts'

// Settings → Sign-in methods (decision 050): the list is ours (GET /api/me/sign-in-methods), the
// changes are Better Auth's endpoints under our rules. Under ['me'], so what refreshes the
// profile refreshes this too.
const KEY = ['me', 'sign-in-methods'] as const

export function useSignInMethods() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api('/api/me/sign-in-methods', SignInMethods, { signal }),
  })
}

/** The server asks for a fresh sign-in first: its refusal names the field `confirm`. */
export const needsConfirmation = (error: unknown) =>
  error instanceof ApiError && Boolean(error.fields?.confirm)

type PasskeyClientError = AuthError & { status: number; code?: string }

/**
 * The browser's part of adding a passkey ended without one (cancelled, timed out, or this
 * authenticator already holds one for the account): the passkey client says so with its own code,
 * never our body.
 */
function addPasskeyFailure(error: PasskeyClientError): ApiError {
  if (error.error?.message) return authFailure(error)
  const message =
    error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
      ? 'This device or password manager already holds a passkey for your account.'
      : 'Adding a passkey was cancelled or did not finish. Try again, or add one from another device or password manager.'
  return new ApiError(400, 'bad_request', message)
}

export function useAddPasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string) => {
      const { error } = await authClient.addPasskey({ name })
      if (error) throw addPasskeyFailure(error as PasskeyClientError)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
    meta: { inlineErrors: true },
  })
}

export function useRenamePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, name }: RenamePasskeyInput & { id: string }) => {
      const { error } = await authClient.renamePasskey({ id, name })
      // A refused name comes back under `name`.
      if (error) throw authFailure(error)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
    meta: { inlineErrors: true },
  })
}

export function useRemovePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await authClient.removePasskey({ id })
      if (error) throw authFailure(error)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

/** Sends the browser to the provider; it comes back to Settings, connected or with ?error=. */
export function useConnectProvider() {
  return useMutation({
    mutationFn: async (provider: SignInProviderId) => {
      const { error } = await authClient.linkSocial({
        provider: provider as 'google',
        callbackURL: `/settings?connected=${provider}`,
        errorCallbackURL: `/settings?provider=${provider}`,
      })
      if (error) throw authFailure(error)
    },
    meta: { inlineErrors: true },
  })
}

export function useDisconnectProvider() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (accountId: string) => {
      const { error } = await authClient.unlinkAccount({ accountId })
      if (error) throw authFailure(error)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
    meta: { inlineErrors: true },
  })
}

/** Confirms it is the person: a new sign-in with the password, so the session is fresh again. */
export function useConfirmWithPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ email, password }: { email: string; password: string }) => {
      const { error } = await authClient.signIn.email({ email, password })
      if (error) throw authFailure(error, (e) => (e.status === 401 ? 'password' : undefined))
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
    meta: { inlineErrors: true },
  })
}
