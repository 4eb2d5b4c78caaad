import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../e2e/server.ts'
import { readConfig } from './env.ts'
import { startBanner } from './start-banner.ts'

describe('startBanner', () => {
  const config = readConfig({ NODE_ENV: 'development', PORT: '3999', DATA_DIR: '/srv/inkwell' })

  it('says where Inkwell runs, how to sign in to the demo, and that mail goes to files', () => {
    const demo = 'Demo content loaded. Sign in with:\n  admin   admin@inkwell.test  password: inkwell-demo'
    const banner = startBanner(config, { where: 'PostgreSQL', demo, requestsAtDebug: true })
    expect(banner.trim().split('\n')).toEqual([
      'Inkwell is running on http://localhost:3999 (PostgreSQL)',
      'Demo content loaded. Sign in with:',
      '  admin   admin@inkwell.test  password: inkwell-demo',
      'Mail is written to /srv/inkwell/mail as .eml files (set SMTP_URL to send it); each one is logged with its link.',
      'Requests are logged at debug level while you watch: LOG_LEVEL=debug shows them.',
    ])
  })

  it('names the SMTP server without its user name or password', () => {
    const smtp = { ...config, smtpUrl: 'smtps://mailer:s3cret@smtp.example.com:465' }
    const banner = startBanner(smtp, { where: 'PostgreSQL', demo: null, requestsAtDebug: false })
    expect(banner).toContain('Mail is sent through smtps://smtp.example.com:465.')
    expect(banner).not.toContain('s3cret')
    expect(banner).not.toContain('mailer')
    expect(banner).not.toContain('Demo')
    expect(banner).not.toContain('debug')
  })
})

// The real server, started as `npm start` starts it, in a pseudo-terminal (util-linux `script`)
// as a person runs it. It runs on its embedded database whichever suite this is, so once. Migrating
// takes seconds; a busy 2-core machine can make it a minute.
describe.skipIf(process.env.TEST_DB_DRIVER === 'pg')('npm start at a terminal', () => {
  const dirs: string[] = []
  let child: ChildProcess | undefined
  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve))
      process.kill(-child.pid, 'SIGTERM')
      await exited
    }
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('shows the banner last, and it stays in view while requests come in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-start-'))
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-start-dist-'))
    dirs.push(dataDir, webDist)
    const port = await freePort()
    const { DATABASE_URL: _, ...env } = process.env
    const command = `${process.execPath} --import ./scripts/polyfills.mjs --import tsx/esm server/index.ts`
    child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: {
        ...env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    })
    let screen = ''
    child.once('error', (error) => {
      screen += `could not start util-linux script: ${error.message}`
    })
    child.stdout?.on('data', (chunk) => {
      screen += chunk
    })
    child.stderr?.on('data', (chunk) => {
      screen += chunk
    })
    const url = `http://localhost:${port}`
    const banner = startBanner(readConfig({ PORT: String(port), DATA_DIR: dataDir }), {
      where: `embedded database in ${dataDir}`,
      demo: null,
      requestsAtDebug: true,
    })
    const bannerStart = 'Inkwell is running on'
    await expect.poll(() => screen, { timeout: 100_000, interval: 200 }).toContain(bannerStart)

    for (const route of ['/api/health', '/api/posts', '/api/subjects', '/api/no-such-thing']) {
      await fetch(`${url}${route}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))

    const lines = screen.replaceAll('\r', '').trimEnd().split('\n')
    const shown = lines.slice(lines.findIndex((line) => line.startsWith(bannerStart)))
    expect(shown).toEqual(banner.trim().split('\n'))
    expect(screen).not.toContain('request completed')
  }, 120_000)
})
