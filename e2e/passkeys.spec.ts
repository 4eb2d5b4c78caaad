import { expect, test } from 'vitest'
import { DEMO_PASSWORD, DEMO_READER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

// Passkeys (decision 050) in Chromium with its virtual authenticator, a platform one that keeps
// discoverable credentials and verifies the person: added in Settings right after a password
// sign-in, then the only thing needed to sign in again.
test('a passkey added in settings signs the person in, no password typed', async () => {
  const page = await j.newPage()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })

  await page.goto('/login')
  await signInWithForm(page, DEMO_READER, DEMO_PASSWORD)
  await page.waitForURL('**/dashboard')

  await page.goto('/settings#sign-in-methods')
  const section = page.getByRole('region', { name: 'Sign-in methods' })
  await section.getByText('No passkeys yet.').waitFor()
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  await page.getByText('Passkey added. Next time, sign in with it: no password needed.').waitFor()
  await section.getByRole('button', { name: /^Rename Chrome on Linux/ }).waitFor()
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0].isResidentCredential).toBe(true)

  const nav = page.getByRole('banner')
  await nav.getByRole('button', { name: 'Account menu' }).click()
  await nav.getByRole('button', { name: 'Sign out' }).click()
  await nav.getByRole('link', { name: 'Sign in' }).waitFor()

  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await page.waitForURL('**/dashboard')
  const me = await page.request.get('/api/me').then((r) => r.json())
  expect(me.email).toBe(DEMO_READER)
})
