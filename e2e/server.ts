import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const START_TIMEOUT_MS = 100_000

export interface RunningServer {
  url: string
  pid: number
  dataDir: string
  output: () => string
  /** Stops the process and removes its data directory. */
  stop(): Promise<void>
  /** Stops the process as an outage would, keeping its port and data directory for up(). */
  down(): Promise<void>
  /**
   * Starts the process again on the same port and data directory, and waits until it answers.
   * `env` adds to (or overrides) startServer's environment for this start only, e.g.
   * `up({ CLOCK_OFFSET_DAYS: '32' })` to come back a month later.
   */
  up(env?: Record<string, string>): Promise<void>
}

/**
 * Builds the web app into a new temporary directory and returns it: each run builds its own copy,
 * so parallel runs (screenshots, benchmarks) never clobber dist/. The caller removes it.
 */
export function buildWebApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-web-'))
  execFileSync('node_modules/.bin/vite', ['build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], {
    stdio: 'inherit',
  })
  return dir
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts the built app (dist/ must exist) as its own process on a free port with a temporary
 * data directory, exactly as `npm start` runs it, and waits until /api/health answers.
 * `copyOf` starts it on a copy of a stopped server's data directory (the demo seeded once, see
 * global-setup.ts) instead of seeding its own.
 */
export async function startServer(
  env: Record<string, string> = {},
  { copyOf }: { copyOf?: string } = {},
): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-e2e-'))
  if (copyOf) fs.cpSync(copyOf, dataDir, { recursive: true })
  const url = `http://localhost:${port}`
  let log = ''
  const spawnServer = async (extraEnv: Record<string, string> = {}) => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', './scripts/polyfills.mjs', '--import', 'tsx/esm', 'server/index.ts'],
      {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: url,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          ...env,
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    child.stdout?.on('data', (d) => {
      log += d
    })
    child.stderr?.on('data', (d) => {
      log += d
    })
    // Migrating and seeding the demo takes seconds; a busy 2-core machine can make it a minute
    // (inside the journeys' 120 s hook limit).
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return child
      if (Date.now() > deadline)
        throw new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s:\n${log}`)
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  const kill = async (child: ChildProcess) => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
    if (child.exitCode === null) {
      child.kill('SIGKILL')
      await exited
    }
  }
  let child = await spawnServer()
  return {
    url,
    get pid() {
      return child.pid!
    },
    dataDir,
    output: () => log,
    async stop() {
      await kill(child)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
    down: () => kill(child),
    async up(extraEnv) {
      child = await spawnServer(extraEnv)
    },
  }
}
