import { Writable } from 'node:stream'
import Fastify, { type LogController } from 'fastify'
import { describe, expect, it } from 'vitest'
import { readConfig } from './env.ts'
import { loggingOptions, RequestsAtDebug } from './logging.ts'

const development = readConfig({ NODE_ENV: 'development' })
const production = readConfig({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32) })

describe('loggingOptions', () => {
  it('moves requests down to debug when a person watches a terminal, outside production', () => {
    const options = loggingOptions(development, true)
    expect(options.logController).toBeInstanceOf(RequestsAtDebug)
    expect(options.logger).toMatchObject({ level: 'info', stream: { sync: true, fd: 1 } })
  })

  it("keeps buildApp's default (JSON, a line per request at info) in production and when the output is piped", () => {
    expect(loggingOptions(production, true)).toEqual({})
    expect(loggingOptions(production, false)).toEqual({})
    expect(loggingOptions(development, false)).toEqual({})
  })
})

/** The JSON lines a Fastify app logs at `level` for a good request and a failing one. */
async function linesLogged(level: string, logController: LogController | undefined) {
  const lines: { level: number; msg: string }[] = []
  const stream = new Writable({
    write(chunk, _, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const app = Fastify({ logger: { level, stream }, logController })
  app.get('/ok', async () => ({ ok: true }))
  app.get('/broken', async () => {
    throw new Error('the database went away')
  })
  await app.inject('/ok')
  await app.inject('/broken')
  await app.close()
  return lines.map(({ level, msg }) => ({ level, msg }))
}

const INFO = 30
const DEBUG = 20
const ERROR = 50

describe('RequestsAtDebug', () => {
  it('logs no line per request at info, and still logs a failure as an error', async () => {
    const lines = await linesLogged('info', new RequestsAtDebug())
    expect(lines).toEqual([{ level: ERROR, msg: 'the database went away' }])
  })

  it('logs each request at debug', async () => {
    const lines = await linesLogged('debug', new RequestsAtDebug())
    expect(lines.filter((line) => line.msg === 'request completed')).toEqual([
      { level: DEBUG, msg: 'request completed' },
      { level: DEBUG, msg: 'request completed' },
    ])
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(2)
  })

  it("Fastify's own (production) logs each request at info", async () => {
    const lines = await linesLogged('info', loggingOptions(production, true).logController)
    expect(lines.filter((line) => line.msg === 'request completed')).toEqual([
      { level: INFO, msg: 'request completed' },
      { level: INFO, msg: 'request completed' },
    ])
  })
})
