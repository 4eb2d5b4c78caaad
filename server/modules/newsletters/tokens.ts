import { createHmac, timingSafeEqual } from 'node:crypto'

// The credential in every newsletter's links (decision 046): who (an account, or an address a
// writer imported), from whom (writer) and which post, in the clear, and an HMAC-SHA256 under
// AUTH_SECRET over those and the recipient's address. It opens one recipient's subscription to one
// writer and nothing else, and it stops working when the address changes (a mail forwarded to the
// old address's next owner).

const PURPOSE = { reader: 'inkwell-newsletter-unsubscribe', contact: 'inkwell-newsletter-contact' }
const ID = /^[A-Za-z0-9_-]{1,64}$/
/** A contact's token starts with this part; an account's has none (4 parts against 5). */
const CONTACT = 'c'

export interface LinkClaims {
  /** An account (`reader`) or an imported address (`contact`, newsletter_contact.id). */
  to: { kind: 'reader' | 'contact'; id: string }
  /** Empty in a weekly digest's link: it stands for every writer the reader follows. */
  writerId: string
  /** The post whose mail carried the link, for its unsubscribe count. */
  postId: string | null
}

const signature = (secret: string, claims: LinkClaims, email: string) =>
  createHmac('sha256', secret)
    .update(
      [PURPOSE[claims.to.kind], claims.to.id, claims.writerId, claims.postId ?? '', email.toLowerCase()].join(
        '\0',
      ),
    )
    .digest()

export function signLinkToken(secret: string, claims: LinkClaims, email: string): string {
  const sig = signature(secret, claims, email).toString('base64url')
  const parts = [claims.to.id, claims.writerId, claims.postId ?? '', sig]
  return (claims.to.kind === 'contact' ? [CONTACT, ...parts] : parts).join('.')
}

/** What a token says, before its signature is checked (that needs the recipient's address). */
export function readLinkToken(token: string): (LinkClaims & { sig: Buffer }) | null {
  const all = token.split('.')
  const kind = all.length === 5 && all[0] === CONTACT ? 'contact' : 'reader'
  const parts = kind === 'contact' ? all.slice(1) : all
  if (parts.length !== 4) return null
  const [id, writerId, postId, sig] = parts
  const digest = writerId === '' && kind === 'reader'
  if (!ID.test(id) || !(digest || ID.test(writerId)) || (postId !== '' && !ID.test(postId))) return null
  if (!/^[A-Za-z0-9_-]{43}$/.test(sig)) return null
  return { to: { kind, id }, writerId, postId: postId || null, sig: Buffer.from(sig, 'base64url') }
}

/** Whether the token was signed for these claims and this address. */
export function tokenMatches(secret: string, token: LinkClaims & { sig: Buffer }, email: string): boolean {
  const expected = signature(secret, token, email)
  return token.sig.length === expected.length && timingSafeEqual(token.sig, expected)
}
