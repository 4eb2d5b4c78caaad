import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

// Brotli and gzip copies of the build, written once at build time so the server streams them from
// disk (@fastify/static `preCompressed`) instead of compressing every response (decision 014).

/** Text formats worth compressing; images, fonts and source maps are left alone. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
/**
 * Below this the savings are a few hundred bytes, less than the response's headers. index.html
 * (about 1 KB, and the first thing every visit waits for) stays above it.
 */
export const PRECOMPRESS_MIN_BYTES = 512

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

export interface PrecompressSummary {
  files: number
  original: number
  br: number
  gz: number
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * Writes `<file>.br` and `<file>.gz` next to a compressible file of at least `minBytes`, each only
 * when smaller than the file (a stale copy from an earlier build is removed otherwise).
 */
async function precompressFile(file: string, minBytes: number, summary: PrecompressSummary): Promise<void> {
  const source = await fs.readFile(file)
  if (source.length < minBytes) return
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: 9 }),
  ])
  const write = (suffix: string, data: Buffer) =>
    data.length < source.length ? fs.writeFile(file + suffix, data) : fs.rm(file + suffix, { force: true })
  await Promise.all([write('.br', br), write('.gz', gz)])
  summary.files += 1
  summary.original += source.length
  summary.br += Math.min(br.length, source.length)
  summary.gz += Math.min(gz.length, source.length)
}

/** Precompresses every compressible file under `dir` (zlib's thread pool runs them in parallel). */
export async function precompressDir(
  dir: string,
  { minBytes = PRECOMPRESS_MIN_BYTES }: { minBytes?: number } = {},
): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, original: 0, br: 0, gz: 0 }
  const files = (await listFiles(dir)).filter((file) => COMPRESSIBLE.test(file))
  await Promise.all(files.map((file) => precompressFile(file, minBytes, summary)))
  return summary
}

/** The Vite plugin: precompresses the output directory once the bundle (and public/) is written. */
export function precompress(): Plugin {
  let log: (line: string) => void = () => {}
  return {
    name: 'inkwell:precompress',
    apply: 'build',
    configResolved(config) {
      log = (line) => config.logger.info(line)
    },
    async writeBundle(options) {
      if (!options.dir) return
      const started = performance.now()
      const s = await precompressDir(options.dir)
      const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`
      log(
        `precompressed ${s.files} files in ${(performance.now() - started).toFixed(0)} ms: ` +
          `${kib(s.original)} → ${kib(s.br)} brotli, ${kib(s.gz)} gzip`,
      )
    },
  }
}
