import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'

// A software passkey for server tests: what a platform authenticator answers to WebAuthn's
// creation and request options (ES256, "none" attestation, user present and verified), so the
// passkey plugin's real verification runs. The browser journey uses Chromium's own instead.

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

/** Just enough CBOR for a COSE key and an attestation object: integers, byte and text strings, maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n])
    if (n < 256) return Buffer.from([(major << 5) | 24, n])
    const b = Buffer.alloc(3)
    b[0] = (major << 5) | 25
    b.writeUInt16BE(n, 1)
    return b
  }
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
  const parts: Buffer[] = [head(5, value.size)]
  for (const [k, v] of value) parts.push(cbor(k), cbor(v as never))
  return Buffer.concat(parts)
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest()

// Flags: user present, user verified; AT: attested credential data follows.
const UP_UV = 0x01 | 0x04
const AT = 0x40

export interface SoftPasskey {
  credentialId: string
  /** The answer to /passkey/generate-register-options, for /passkey/verify-registration. */
  register(options: { challenge: string; rp: { id: string } }, origin: string): Record<string, unknown>
  /** The answer to /passkey/generate-authenticate-options, for /passkey/verify-authentication. */
  authenticate(options: { challenge: string; rpId: string }, origin: string): Record<string, unknown>
}

export function softPasskey(): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const credentialId = randomBytes(32)
  let counter = 0
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  const count = () => {
    const b = Buffer.alloc(4)
    b.writeUInt32BE(counter++)
    return b
  }
  return {
    credentialId: b64url(credentialId),
    register(options, origin) {
      const coseKey = cbor(
        new Map<number, unknown>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      )
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      const authData = Buffer.concat([
        sha256(options.rp.id),
        Buffer.from([UP_UV | AT]),
        count(),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        coseKey,
      ])
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      )
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      }
    },
    authenticate(options, origin) {
      const authData = Buffer.concat([sha256(options.rpId), Buffer.from([UP_UV]), count()])
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin)
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey)
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
      }
    },
  }
}
