import { useState } from 'react'
import type { SignInProvider } from '#common/schemas/sign-in-methods.ts'
import { ProviderMark } from '#web/components/provider-mark.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { authClient } from '#web/lib/auth-client.ts'
import { describeAuthError } from '#web/lib/auth-errors.ts'
import { callAuth } from '../auth-errors.ts'

interface ProviderButtonsProps {
  providers: SignInProvider[]
  /** Where a returning person lands. */
  callbackURL: string
  /** Where a failure lands, with ?provider=<id>&error=CODE added (this screen). */
  errorPath: string
}

/**
 * "Continue with …" for each configured provider: Better Auth answers the provider's address
 * (with its state, PKCE and nonce) and the browser goes there. A first sign-in comes back to
 * /welcome, a returning one to `callbackURL`.
 */
export function ProviderButtons({ providers, callbackURL, errorPath }: ProviderButtonsProps) {
  const [going, setGoing] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (providers.length === 0) return null

  const go = async (provider: SignInProvider) => {
    setError(null)
    setGoing(provider.id)
    const separator = errorPath.includes('?') ? '&' : '?'
    const result = await callAuth(() =>
      authClient.signIn.social({
        provider: provider.id as 'google',
        callbackURL,
        newUserCallbackURL: '/welcome',
        errorCallbackURL: `${errorPath}${separator}provider=${provider.id}`,
      }),
    )
    // On success the browser is already on its way to the provider.
    if (result.error) {
      setError(describeAuthError(result.error))
      setGoing(null)
    }
  }

  return (
    <div className="space-y-3">
      {error && <Alert>{error}</Alert>}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          size="lg"
          // A long provider name (a school's) wraps inside the button on a phone.
          className="h-auto! min-h-12 w-full py-2"
          busy={going === provider.id}
          disabled={going !== null && going !== provider.id}
          onClick={() => void go(provider)}
        >
          {going !== provider.id && <ProviderMark id={provider.id} />}
          Continue with {provider.name}
        </Button>
      ))}
    </div>
  )
}
