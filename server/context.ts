import type { FastifyBaseLogger } from 'fastify'
import type { Role } from '#common/schemas/profile.ts'
import type { Auth } from '#server/auth/auth.ts'
import type { Clock } from '#server/clock.ts'
import type { Database, Db } from '#server/db/client.ts'
import type { Config } from '#server/env.ts'
import type { Jobs } from '#server/jobs/queue.ts'
import type { Mailer } from '#server/mail/mailer.ts'
import type { Hub } from '#server/realtime/hub.ts'
import type { Storage } from '#server/storage/storage.ts'

/** What every service needs, built once per app and passed first (tests build their own). */
export interface AppContext {
  config: Config
  database: Database
  db: Db
  auth: Auth
  mailer: Mailer
  storage: Storage
  log: FastifyBaseLogger
  /** This process's realtime fan-out (one LISTEN), closed with the app. */
  hub: Hub
  /** The durable job queue: `jobs.send(tx, …)` queues work in the caller's transaction. */
  jobs: Jobs
  /** The time, for rules that depend on it (a test moves it by hand). */
  clock: Clock
  /** Work that goes on after a request has answered; the app waits for it before it closes. */
  background(task: Promise<unknown>): void
  /** Resolves once the background work started so far has finished (the app's close waits on it). */
  idle(): Promise<void>
}

/** The signed-in person acting on a request. */
export interface SessionUser {
  id: string
  name: string
  email: string
  role: Role
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
  }
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin; null on routes without a guard. */
    user: SessionUser | null
  }
}
