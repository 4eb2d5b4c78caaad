import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt's cost (N) in Better Auth's password hashes: ~100 ms of CPU a hash, by design. */
export const PASSWORD_HASH_COST = 16_384

const BLOCK_SIZE = 16
const KEY_BYTES = 64

/**
 * Better Auth's password hashing (`salt:key` in hex, scrypt r=16 p=1) at another cost, for
 * `emailAndPassword.password`. Only the server tests use it, with a low cost: they sign up
 * hundreds of people, and at Better Auth's cost the hashing was a large share of the suite's time.
 */
export function scryptHashing(cost: number) {
  const derive = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(
        password.normalize('NFKC'),
        salt,
        KEY_BYTES,
        { N: cost, r: BLOCK_SIZE, p: 1, maxmem: 256 * cost * BLOCK_SIZE },
        (error, key) => (error ? reject(error) : resolve(key)),
      ),
    )
  return {
    async hash(password: string) {
      const salt = randomBytes(16).toString('hex')
      return `${salt}:${(await derive(password, salt)).toString('hex')}`
    },
    async verify({ hash, password }: { hash: string; password: string }) {
      const [salt, key] = hash.split(':')
      const expected = Buffer.from(key ?? '', 'hex')
      if (!salt || expected.length !== KEY_BYTES) return false
      return timingSafeEqual(await derive(password, salt), expected)
    },
  }
}
