import { createHmac, timingSafeEqual } from 'node:crypto'
import { PAYMENT_EVENT_TOLERANCE_SECONDS } from '#common/constants.ts'
import { AppError } from '#server/errors.ts'

// The sandbox signs its events the way Stripe does (decision 019), so the webhook path is the same
// shape for both: `Inkwell-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.

export const SIGNATURE_HEADER = 'inkwell-signature'

const hmac = (secret: string, timestamp: number, rawBody: Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest()

/** The header value for `rawBody` signed at `at`. */
export function signPayload(secret: string, rawBody: Buffer, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000)
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString('hex')}`
}

const refused = (message: string) => new AppError('bad_request', message, { signature: message })

/**
 * Checks a signature header against the exact raw body: a v1 signature made with `secret` over
 * this body, with a timestamp within the tolerance of `now` (either way). Throws a 400 otherwise.
 */
export function verifySignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now: Date,
): void {
  if (!header) throw refused('The event is not signed')
  const parts = header.split(',').map((part) => part.trim().split('='))
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1])
  const signatures = parts.filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/i.test(value ?? ''))
  if (!Number.isSafeInteger(timestamp) || signatures.length === 0) {
    throw refused('The event signature is malformed')
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > PAYMENT_EVENT_TOLERANCE_SECONDS) {
    throw refused('The event signature is too old')
  }
  const expected = hmac(secret, timestamp, rawBody)
  const matches = signatures.some(([, value]) => timingSafeEqual(Buffer.from(value, 'hex'), expected))
  if (!matches) throw refused('The event signature does not match')
}
