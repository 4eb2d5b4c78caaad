import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrateDatabase, openDatabase } from '#server/db/client.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump every test file starts from. */
    pgliteTemplate: string
    /** PostgreSQL: a migrated template database every test file copies. */
    pgTemplateUrl: string
  }
}

// Migrate once per run; every test file then starts from a copy (fast, and fully isolated).
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB_DRIVER === 'pg' || project.config.env?.TEST_DB_DRIVER === 'pg') {
    const url = process.env.TEST_DATABASE_URL
    if (!url) throw new Error('TEST_DATABASE_URL is not set')
    const template = `inkwell_tpl_${process.pid}`
    const admin = await openDatabase({ driver: 'pg', url, poolSize: 1 })
    await admin.pool!.query(`drop database if exists ${template}`)
    await admin.pool!.query(`create database ${template}`)
    const templateUrl = withDatabase(url, template)
    const db = await openDatabase({ driver: 'pg', url: templateUrl, poolSize: 1 })
    await migrateDatabase(db)
    await db.close()
    project.provide('pgTemplateUrl', templateUrl)
    project.provide('pgliteTemplate', '')
    return async () => {
      await admin.pool!.query(`drop database if exists ${template} with (force)`)
      await admin.close()
    }
  }
  const db = await openDatabase({ driver: 'pglite' })
  await migrateDatabase(db)
  const dump = await db.pglite!.dumpDataDir('none')
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-tpl-')), 'template.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await db.close()
  project.provide('pgliteTemplate', file)
  project.provide('pgTemplateUrl', '')
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true })
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
