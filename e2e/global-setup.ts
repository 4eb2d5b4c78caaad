import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'
import { startServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web app built once for all journeys. */
    webDist: string
    /**
     * A stopped server's data directory holding the seeded demo: each journey's server starts on
     * a copy of it (migrating and seeding take most of a start).
     */
    demoDataDir: string
  }
}

export default async function setup(project: TestProject) {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-e2e-web-'))
  // The app as people get it: Vitest runs with NODE_ENV=test, which Vite would keep, building
  // React's development bundles (and passing the first load's budget).
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      configFile: 'vite.config.ts',
      logLevel: 'error',
      build: { outDir: webDist, emptyOutDir: true },
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  project.provide('webDist', webDist)
  const demo = await startServer({ WEB_DIST: webDist })
  await demo.down()
  project.provide('demoDataDir', demo.dataDir)
  return async () => {
    fs.rmSync(webDist, { recursive: true, force: true })
    await demo.stop()
  }
}
