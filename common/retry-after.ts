// How a rate limit is explained, on both sides: the server writes it into every 429's message, the
// web writes it from the Retry-After header when an answer carries no message of ours.

/** "42 seconds", "1 minute", "5 minutes": a wait in seconds, rounded up, for people. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds))
  if (whole < 60) return whole === 1 ? '1 second' : `${whole} seconds`
  const minutes = Math.ceil(whole / 60)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

/** The message of a 429; without a known wait, a minute is the usual one. */
export function tooManyAttempts(retryAfterSeconds?: number): string {
  return retryAfterSeconds !== undefined && retryAfterSeconds > 0
    ? `Too many attempts. Try again in ${waitText(retryAfterSeconds)}.`
    : 'Too many attempts. Please wait a minute and try again.'
}

/**
 * A Retry-After (or X-Retry-After) header in seconds: delta-seconds or an HTTP date. Undefined
 * when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000))
}
