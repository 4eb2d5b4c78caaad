import {
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser'
import { Fingerprint } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { authClient } from '#web/lib/auth-client.ts'
import { type AuthError, describeAuthError } from '#web/lib/auth-errors.ts'
import { callAuth } from '../auth-errors.ts'

export const PASSKEY_CANCELLED =
  'Signing in with a passkey was cancelled or timed out. Try again, or use your password or an e-mail link.'

/**
 * Whether this browser does WebAuthn at all: false while the server draws the page and on the
 * first render, so hydration matches it.
 */
export function usePasskeySupport() {
  const [supported, setSupported] = useState(false)
  useEffect(() => setSupported(typeof window.PublicKeyCredential === 'function'), [])
  return supported
}

type Options = { data: PublicKeyCredentialRequestOptionsJSON; error: null } | { data: null; error: AuthError }

/**
 * "Sign in with a passkey", and where the browser offers it, the passkeys in the e-mail field's
 * autofill (conditional UI: the field's autocomplete says "webauthn"). Either way the passkey
 * names the account; no e-mail is typed. Render it where usePasskeySupport() says so.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => Promise<void> | void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // One challenge at a time: the server keeps it under one cookie until an answer uses it.
  const options = useRef<Promise<Options> | null>(null)
  const clicked = useRef(false)

  const takeOptions = () => {
    const pending = options.current ?? (callAuth(() => authClient.passkeySignInOptions()) as Promise<Options>)
    // A challenge is good for one answer: the next ceremony asks for its own.
    options.current = null
    return pending
  }

  const verify = async (response: Awaited<ReturnType<typeof startAuthentication>>) => {
    const result = await callAuth(() => authClient.verifyPasskeySignIn(response))
    if (result.error) {
      setError(describeAuthError(result.error))
      return false
    }
    await onSignedIn()
    return true
  }
  // The autofill's effect runs once; the answer it waited for is checked with what is current then.
  const autofillAnswered = useEffectEvent(verify)

  useEffect(() => {
    let left = false
    // Autofill: waits quietly until the person picks a passkey there. The button's ceremony
    // takes over its challenge and ends it.
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || left || clicked.current) return
      const pending = callAuth(() => authClient.passkeySignInOptions()) as Promise<Options>
      options.current = pending
      const ready = await pending
      if (left || clicked.current || ready.error) return
      let response: Awaited<ReturnType<typeof startAuthentication>>
      try {
        response = await startAuthentication({ optionsJSON: ready.data, useBrowserAutofill: true })
      } catch {
        return
      }
      options.current = null
      if (!left) await autofillAnswered(response)
    })()
    return () => {
      left = true
      WebAuthnAbortService.cancelCeremony()
    }
  }, [])

  const onClick = async () => {
    clicked.current = true
    setError(null)
    setBusy(true)
    const ready = await takeOptions()
    if (ready.error) {
      setError(describeAuthError(ready.error))
      setBusy(false)
      return
    }
    let response: Awaited<ReturnType<typeof startAuthentication>>
    try {
      response = await startAuthentication({ optionsJSON: ready.data })
    } catch {
      setError(PASSKEY_CANCELLED)
      setBusy(false)
      return
    }
    if (!(await verify(response))) setBusy(false)
  }

  return (
    <div className="space-y-3">
      {error && <Alert>{error}</Alert>}
      <Button variant="secondary" size="lg" className="w-full" busy={busy} onClick={() => void onClick()}>
        {!busy && <Fingerprint className="size-5 text-ink-700" aria-hidden />}
        Sign in with a passkey
      </Button>
    </div>
  )
}
