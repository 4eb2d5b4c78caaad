import path from 'node:path'
import { z } from 'zod'
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
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().default('./dist'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  logLevel: string
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean
  /** Serve the built web app (off in server tests and under `npm run dev`). */
  serveWeb: boolean
  /** Where the built web app is (vite build's output). */
  webDist: string
  /** Uploads: on local disk under dataDir/uploads, or in an S3-compatible bucket. */
  storage: { driver: 'local' } | ({ driver: 's3' } & S3Options)
  /** How often an idle notification stream sends a comment, so proxies keep it open. */
  sseHeartbeatMs: number
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
  if (env.STORAGE === 's3' && !env.S3_BUCKET) {
    throw new Error('Invalid environment:\n  S3_BUCKET: required when STORAGE=s3')
  }
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
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    serveWeb: true,
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
  }
}
