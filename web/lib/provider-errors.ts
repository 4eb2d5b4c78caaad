/**
 * Signing in with a provider (Google, GitHub, a school's OpenID Connect) or connecting one sends
 * the browser there and back; a failure comes back as ?error=CODE (Better Auth's callback, or our
 * rules: decision 050), with ?provider= naming it. This is what we tell the person, and what to do
 * next. Null for a code that is not a provider's (an e-mail link's, on /login).
 */
export function providerErrorMessage(
  code: string,
  provider: string | null,
  where: 'sign-in' | 'connect' = 'sign-in',
): string | null {
  const name = provider ?? 'the provider'
  const again =
    where === 'sign-in' ? `Try again, or sign in with your e-mail.` : `Try connecting ${name} again.`
  switch (code) {
    case 'account_not_linked':
      return `An Inkwell account already uses the e-mail of this ${name} account. Sign in with your password or an e-mail link, then connect ${name} in Settings → Sign-in methods.`
    case 'provider_email_not_verified':
      return `This ${name} account's e-mail is not verified. Verify it with ${name} first, or ${where === 'sign-in' ? 'sign up with your e-mail and a password' : 'connect another account'}.`
    case 'email_not_found':
      return `${name} did not share an e-mail address with Inkwell. Allow it to, or ${where === 'sign-in' ? 'sign in with your e-mail' : 'connect another account'}.`
    case 'access_denied':
      return `You did not finish signing in with ${name}. ${where === 'sign-in' ? 'Choose how to sign in below.' : `Connect ${name} again when you are ready.`}`
    case 'account_already_linked_to_different_user':
      return `This ${name} account is already connected to another Inkwell account. Sign in to that account and remove it there first.`
    case 'unable_to_link_account':
      return `${name} could not be connected: your sign-in may have ended. Sign in again, then connect it.`
    case 'BANNED_USER':
      return 'This account is suspended. If you think that is a mistake, write to us through the contact page.'
    case 'rate_limited':
      return 'Too many attempts to sign in from here. Wait a minute, then try again.'
    case 'state_mismatch':
    case 'state_not_found':
    case 'state_invalid':
    case 'please_restart_the_process':
    case 'invalid_callback_request':
      return `That sign-in took too long, or was started in another browser. ${again}`
    case 'invalid_code':
    case 'no_code':
    case 'unable_to_get_user_info':
    case 'issuer_mismatch':
    case 'nonce_binding_missing':
      return `${name} did not confirm who you are. ${again}`
    case 'oauth_provider_not_found':
      return 'This way of signing in is not offered here any more. Sign in with your e-mail instead.'
    default:
      return provider ? `Signing in with ${name} did not work. ${again}` : null
  }
}
