import zlib from 'node:zlib'
import type { Plugin } from 'vite'

// The first load's JavaScript has a budget (decision 029): the entry chunk and every chunk
// it imports statically, which is what index.html loads before any screen's own chunk. The build
// fails when the budget is passed, so a heavy import into the app shell is found where it is made,
// not in a Lighthouse run months later.

/**
 * Brotli bytes, as served. With React 19 and React Router's declarative routes (decision 042) the
 * first load measured 91.6 KB brotli (2026-11-29); the budget is that plus about 5%, so any growth
 * of the first load is a decision.
 */
export const INITIAL_JS_BUDGET_BYTES = 96 * 1024

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
  brotliBytes: number
}

/** Brotli at quality 11, as the build precompresses what is served (scripts/vite-precompress.ts). */
export const brotliSize = (code: string) =>
  zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length

/** The entry chunks and what they import statically, with their brotli size (as served). */
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
  const brotliBytes = files.reduce((sum, name) => sum + brotliSize(byName.get(name)?.code ?? ''), 0)
  return { files, brotliBytes }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The Vite plugin: reports the first load's JavaScript on every build and fails past the budget. */
export function initialJsBudget(budget = INITIAL_JS_BUDGET_BYTES): Plugin {
  return {
    name: 'inkwell:initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { files, brotliBytes } = initialJs(bundle as Record<string, ChunkLike>)
      const line = `initial JS: ${kb(brotliBytes)} brotli in ${files.length} files (budget ${kb(budget)})`
      if (brotliBytes > budget)
        this.error(
          `${line}. Something the first screen does not need is imported by the app shell: load it with its screen.`,
        )
      this.info(line)
    },
  }
}
