import fs from 'node:fs'
import path from 'node:path'

// PGlite is one process's database. A pid file keeps a second server, or the admin CLI, from
// opening the same data directory while it is in use.

const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid')

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The pid of the Inkwell server holding dataDir, or null. */
export function dataDirHolder(dataDir: string): number | null {
  if (!fs.existsSync(lockFile(dataDir))) return null
  const pid = Number(fs.readFileSync(lockFile(dataDir), 'utf8').trim() || Number.NaN)
  return Number.isInteger(pid) && pid !== process.pid && isRunning(pid) ? pid : null
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const holder = dataDirHolder(dataDir)
  if (holder) {
    throw new Error(
      `Another Inkwell server (pid ${holder}) is using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    )
  }
  fs.writeFileSync(lockFile(dataDir), String(process.pid))
  const release = () => fs.rmSync(lockFile(dataDir), { force: true })
  process.once('exit', release)
  return release
}
