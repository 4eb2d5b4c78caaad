import { createHmac } from 'node:crypto'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { PLATFORM_FEE_PERCENT, REFUND_WINDOW_DAYS } from '#common/constants.ts'
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '#common/schemas/payments.ts'
import { PASSWORD_HASH_COST } from './auth/password-hashing.ts'
import type { S3Options } from './storage/s3-storage.ts'

// The only reader of process.env. Everything else receives a Config.

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Inkwell <no-reply@inkwell.local>'),
  SEED_DEMO: bool.default(true),
  RATE_LIMIT: bool.default(true),
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
  TRUST_PROXY: z.string().default('false'),
  WEB_DIST: z.string().default('./dist'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(PAYMENT_PROVIDERS).default('sandbox'),
  PAYMENTS_WEBHOOK_SECRET: z
    .string()
    .min(16, 'PAYMENTS_WEBHOOK_SECRET must be at least 16 characters')
    .optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(50).default(PLATFORM_FEE_PERCENT),
  REFUND_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(REFUND_WINDOW_DAYS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLOCK_OFFSET_DAYS: z.coerce.number().finite().default(0),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(40).optional(),
})

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  appUrl: string
  dataDir: string
  databaseUrl: string | undefined
  authSecret: string
  smtpUrl: string | undefined
  mailFrom: string
  seedDemo: boolean
  rateLimit: boolean
  /** How long a signed-out public read may be answered from the shared cache (0: never). */
  publicCacheSeconds: number
  /** How long a session, once read, answers who its requests are without a query (0: never). */
  sessionCacheSeconds: number
  logLevel: string
  /** Tests only (CLOCK_OFFSET_DAYS): how far the server's clock runs ahead of (or behind) the real time. */
  clockOffsetMs: number
  /**
   * Behind a load balancer: which proxies' X-Forwarded-For to believe. false: none (the socket's
   * address is the client's); a number: that many proxies in front of every request; a list: the
   * proxies' addresses or CIDR ranges. The client is the right-most address no trusted proxy added.
   */
  trustProxy: TrustProxy
  /** Serve the built web app (off in server tests and under `npm run dev`). */
  serveWeb: boolean
  /**
   * scrypt's cost for password hashes: Better Auth's own everywhere but the server tests, which
   * lower it (see password-hashing.ts). Not read from the environment.
   */
  passwordHashCost: number
  /** Where the built web app is (vite build's output). */
  webDist: string
  /** Uploads: on local disk under dataDir/uploads, or in an S3-compatible bucket. */
  storage: { driver: 'local' } | ({ driver: 's3' } & S3Options)
  /** How often an idle notification stream sends a comment, so proxies keep it open. */
  sseHeartbeatMs: number
  /**
   * Money: which provider takes payments, the secret its webhook events are signed with, and the
   * platform's share of each sale (whole percent, 0–50). `stripe` with PAYMENTS_PROVIDER=stripe:
   * the secret key, and (tests only) where its API is.
   */
  payments: {
    provider: PaymentProviderName
    webhookSecret: string
    platformFeePercent: number
    /** Days a sale's or renewal's net stays pending before it is available to pay out (decision 022). */
    refundWindowDays: number
    stripe?: { secretKey: string; api?: { host: string; port: number; protocol: 'http' | 'https' } }
  }
  /**
   * Sign-in with another account (decision 050): each provider is on when its settings are set.
   * Google and GitHub are Better Auth's own providers; `oidc` is any OpenID Connect issuer, its
   * button labelled `name`.
   */
  providers: {
    google?: OAuthClient
    github?: OAuthClient
    oidc?: OAuthClient & { issuer: string; name: string }
  }
}

export interface OAuthClient {
  clientId: string
  clientSecret: string
}

export type TrustProxy = false | number | string[]

// proxy-addr's names for address ranges, accepted in the TRUST_PROXY list.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address, prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (!family || rest.length) return false
  if (prefix === undefined) return true
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: `false`/`0`, a number of proxies, or a comma-separated list of proxy addresses and
 * CIDR ranges. `true` used to trust the whole X-Forwarded-For chain, whose left end any client can
 * write: it now means one proxy, the set-up it was meant for.
 */
export function parseTrustProxy(value: string): TrustProxy | Error {
  const text = value.trim().toLowerCase()
  if (text === '' || text === 'false') return false
  if (text === 'true') return 1
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text)
  const entries = text.split(',').map((entry) => entry.trim())
  const wrong = entries.filter((entry) => !isProxyAddress(entry))
  if (wrong.length === 0) return entries
  return new Error(
    `TRUST_PROXY: expected false, a number of proxies or a list of proxy addresses/CIDR ranges; "${wrong[0]}" is none of these`,
  )
}

const DEV_SECRET = 'inkwell-development-secret-change-me-in-production'

export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    throw new Error('Invalid environment:\n  AUTH_SECRET: required in production (32+ random characters)')
  }
  if (env.NODE_ENV === 'production' && env.CLOCK_OFFSET_DAYS !== 0) {
    throw new Error(
      'Invalid environment:\n  CLOCK_OFFSET_DAYS: for tests only; refused when NODE_ENV=production (unset it)',
    )
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY)
  if (trustProxy instanceof Error) throw new Error(`Invalid environment:\n  ${trustProxy.message}`)
  if (env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY) {
    throw new Error(
      "Invalid environment:\n  STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER=stripe (the account's sk_… or rk_… key)",
    )
  }
  if (env.PAYMENTS_PROVIDER === 'stripe' && !env.PAYMENTS_WEBHOOK_SECRET) {
    throw new Error(
      "Invalid environment:\n  PAYMENTS_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=stripe (the endpoint's whsec_… secret)",
    )
  }
  if (env.STORAGE === 's3' && !env.S3_BUCKET) {
    throw new Error('Invalid environment:\n  S3_BUCKET: required when STORAGE=s3')
  }
  const providers = readProviders(env)
  if (providers instanceof Error) throw new Error(`Invalid environment:\n  ${providers.message}`)
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET ?? DEV_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    seedDemo: env.SEED_DEMO,
    rateLimit: env.RATE_LIMIT,
    publicCacheSeconds: env.PUBLIC_CACHE_SECONDS,
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    logLevel: env.LOG_LEVEL,
    clockOffsetMs: env.CLOCK_OFFSET_DAYS * 24 * 3_600_000,
    trustProxy,
    serveWeb: true,
    passwordHashCost: PASSWORD_HASH_COST,
    webDist: path.resolve(env.WEB_DIST),
    storage:
      env.STORAGE === 's3'
        ? {
            driver: 's3',
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : { driver: 'local' },
    sseHeartbeatMs: 25_000,
    payments: {
      provider: env.PAYMENTS_PROVIDER,
      webhookSecret: env.PAYMENTS_WEBHOOK_SECRET ?? sandboxWebhookSecret(env.AUTH_SECRET ?? DEV_SECRET),
      platformFeePercent: env.PLATFORM_FEE_PERCENT,
      refundWindowDays: env.REFUND_WINDOW_DAYS,
      stripe: env.STRIPE_SECRET_KEY ? { secretKey: env.STRIPE_SECRET_KEY } : undefined,
    },
    providers,
  }
}

/** A provider's settings come together or not at all: half of them is a mistake, said at start. */
function readProviders(env: z.infer<typeof EnvSchema>): Config['providers'] | Error {
  const pair = (name: 'GOOGLE' | 'GITHUB'): OAuthClient | undefined | Error => {
    const clientId = env[`${name}_CLIENT_ID`]
    const clientSecret = env[`${name}_CLIENT_SECRET`]
    if (!clientId && !clientSecret) return undefined
    if (!clientId || !clientSecret)
      return new Error(
        `${name}_CLIENT_ID and ${name}_CLIENT_SECRET: set both to turn ${name} sign-in on, or neither`,
      )
    return { clientId, clientSecret }
  }
  const google = pair('GOOGLE')
  if (google instanceof Error) return google
  const github = pair('GITHUB')
  if (github instanceof Error) return github
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env
  if (!issuer && !clientId && !clientSecret) return { google, github }
  if (!issuer || !clientId || !clientSecret)
    return new Error(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three to turn OpenID Connect sign-in on, or none',
    )
  const oidc = {
    issuer: issuer.replace(/\/$/, ''),
    clientId,
    clientSecret,
    name: env.OIDC_NAME ?? new URL(issuer).hostname,
  }
  return { google, github, oidc }
}

// The sandbox signs its own events: without PAYMENTS_WEBHOOK_SECRET its secret is derived from
// AUTH_SECRET, so each deployment has its own and development needs nothing set.
const sandboxWebhookSecret = (authSecret: string) =>
  createHmac('sha256', authSecret).update('inkwell-sandbox-webhook').digest('hex')
