import zlib from 'node:zlib'
import type { Plugin } from 'vite'

// The first load's JavaScript has a budget (issue 17, decision 029): the entry chunk and every chunk
// it imports statically, which is what index.html loads and preloads before any screen's own
// chunk. The build fails when the budget is passed, so a heavy import into the app shell is
// found where it is made, not in a Lighthouse run months later.

/** gzip bytes: issue 17's goal. React's API runs on Preact (decision 032); the first load is ~64 KB. */
export const INITIAL_JS_BUDGET_BYTES = 100 * 1024

/** What the budget reads of a chunk: Rollup's and Rolldown's output chunks both have these. */
export interface ChunkLike {
  type: 'chunk' | 'asset'
  fileName: string
  isEntry?: boolean
  code?: string
  imports?: string[]
}

export interface InitialJs {
  files: string[]
  gzipBytes: number
}

/** The entry chunks and what they import statically, with their gzip size (level 9, as served). */
export function initialJs(bundle: Record<string, ChunkLike>): InitialJs {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk')
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const seen = new Set<string>()
  const visit = (chunk: ChunkLike) => {
    if (seen.has(chunk.fileName)) return
    seen.add(chunk.fileName)
    for (const name of chunk.imports ?? []) {
      const imported = byName.get(name)
      if (imported) visit(imported)
    }
  }
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk)
  const files = [...seen].sort()
  const gzipBytes = files.reduce(
    (sum, name) => sum + zlib.gzipSync(byName.get(name)?.code ?? '', { level: 9 }).length,
    0,
  )
  return { files, gzipBytes }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The Vite plugin: reports the first load's JavaScript on every build and fails past the budget. */
export function initialJsBudget(budget = INITIAL_JS_BUDGET_BYTES): Plugin {
  return {
    name: 'inkwell:initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { files, gzipBytes } = initialJs(bundle as Record<string, ChunkLike>)
      const line = `initial JS: ${kb(gzipBytes)} gzip in ${files.length} files (budget ${kb(budget)})`
      if (gzipBytes > budget)
        this.error(
          `${line}. Something the first screen does not need is imported by the app shell: load it with its screen.`,
        )
      this.info(line)
    },
  }
}
