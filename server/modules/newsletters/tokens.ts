import { createHmac, timingSafeEqual } from 'node:crypto'

// The credential in every newsletter's unsubscribe link (decision 046): who (reader), from whom
// (writer) and which post, in the clear, and an HMAC-SHA256 under AUTH_SECRET over those and the
// reader's address. It opens one reader's subscription to one writer and nothing else, and it stops
// working when the reader's address changes (a mail forwarded to the old address's next owner).

const PURPOSE = 'inkwell-newsletter-unsubscribe'
const ID = /^[A-Za-z0-9_-]{1,64}$/

export interface LinkClaims {
  readerId: string
  writerId: string
  /** The post whose mail carried the link, for its unsubscribe count. */
  postId: string | null
}

const signature = (secret: string, claims: LinkClaims, email: string) =>
  createHmac('sha256', secret)
    .update([PURPOSE, claims.readerId, claims.writerId, claims.postId ?? '', email.toLowerCase()].join('\0'))
    .digest()

export function signLinkToken(secret: string, claims: LinkClaims, email: string): string {
  const sig = signature(secret, claims, email).toString('base64url')
  return [claims.readerId, claims.writerId, claims.postId ?? '', sig].join('.')
}

/** What a token says, before its signature is checked (that needs the reader's address). */
export function readLinkToken(token: string): (LinkClaims & { sig: Buffer }) | null {
  const parts = token.split('.')
  if (parts.length !== 4) return null
  const [readerId, writerId, postId, sig] = parts
  if (!ID.test(readerId) || !ID.test(writerId) || (postId !== '' && !ID.test(postId))) return null
  if (!/^[A-Za-z0-9_-]{43}$/.test(sig)) return null
  return { readerId, writerId, postId: postId || null, sig: Buffer.from(sig, 'base64url') }
}

/** Whether the token was signed for these claims and this address. */
export function tokenMatches(secret: string, token: LinkClaims & { sig: Buffer }, email: string): boolean {
  const expected = signature(secret, token, email)
  return token.sig.length === expected.length && timingSafeEqual(token.sig, expected)
}
