import { generateKeyPairSync } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Context } from 'oidc-provider'

// A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1, in the test process: the
// authorization-code flow with PKCE required, signed ID tokens carrying the nonce, and codes that
// expire. Its login screen is replaced by `signInAs`: the next visit signs in as that account.

export interface OidcAccount {
  sub: string
  email: string
  email_verified: boolean
  name: string
}

export interface TestOidcProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** Who signs in at the provider on the next authorization. */
  signInAs(account: OidcAccount): void
  /** How long the next authorization codes live, in seconds. */
  setCodeTtl(seconds: number): void
  /**
   * Follows an authorization URL as a browser would (cookies kept, redirects followed), signing in
   * as the current account, and returns where the provider sends the browser back: the app's
   * callback path with its query (`/api/auth/callback/oidc?code=…&state=…&iss=…`).
   */
  authorize(url: string): Promise<string>
  close(): Promise<void>
}

type Stored = Record<string, unknown> & {
  uid?: string
  userCode?: string
  grantId?: string
  consumed?: number
}

/** The provider's storage: a map per kind, in this process (its own in-memory one warns about it). */
class MemoryAdapter {
  private static store = new Map<string, Stored>()
  constructor(private readonly kind: string) {}
  private key = (id: string) => `${this.kind}:${id}`
  async upsert(id: string, payload: Stored) {
    MemoryAdapter.store.set(this.key(id), payload)
  }
  async find(id: string) {
    return MemoryAdapter.store.get(this.key(id))
  }
  async findByUid(uid: string) {
    return [...MemoryAdapter.store.values()].find((p) => p.uid === uid)
  }
  async findByUserCode(userCode: string) {
    return [...MemoryAdapter.store.values()].find((p) => p.userCode === userCode)
  }
  async consume(id: string) {
    const found = MemoryAdapter.store.get(this.key(id))
    if (found) found.consumed = Math.floor(Date.now() / 1000)
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id))
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, payload] of MemoryAdapter.store)
      if (payload.grantId === grantId) MemoryAdapter.store.delete(key)
  }
}

export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcAccount>()
  let current: OidcAccount | null = null
  let codeTtl = 60
  let provider: Provider | null = null

  const server = http.createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end()
    if (req.url?.startsWith('/interaction/')) {
      // The provider's login page, answered at once for the chosen account.
      const answer = async () => {
        if (!current) throw new Error('signInAs() first')
        await provider!.interactionFinished(
          req,
          res,
          { login: { accountId: current.sub } },
          { mergeWithLastSubmission: false },
        )
      }
      answer().catch((error) => res.writeHead(500).end(String(error)))
      return
    }
    provider.callback()(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientId = 'inkwell'
  const clientSecret = 'inkwell-test-client-secret'
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['inkwell-oidc-test-cookie-key'] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries the e-mail claims itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub)
      return account && { accountId: sub, claims: async () => ({ ...account }) }
    },
    // No consent screen: the client is granted what it asks for.
    loadExistingGrant: async (ctx: Context) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
    ttl: {
      // biome-ignore lint/correctness/noComponentHookFactories: oidc-provider names its lifetimes in PascalCase; a function, not a component
      AuthorizationCode: () => codeTtl,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    adapter: MemoryAdapter,
  })

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      accounts.set(account.sub, account)
      current = account
    },
    setCodeTtl(seconds) {
      codeTtl = seconds
    },
    async authorize(url) {
      const jar = new Map<string, string>()
      let next = url
      for (let hop = 0; hop < 10; hop++) {
        const res = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        })
        for (const cookie of res.headers.getSetCookie()) {
          const [pair] = cookie.split(';')
          const at = pair.indexOf('=')
          const [name, value] = [pair.slice(0, at), pair.slice(at + 1)]
          if (value) jar.set(name, value)
          else jar.delete(name)
        }
        const location = res.headers.get('location')
        if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`)
        const target = new URL(location, next)
        if (target.href.startsWith(redirectUri)) return target.pathname + target.search
        next = target.href
      }
      throw new Error('the provider never sent the browser back')
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
