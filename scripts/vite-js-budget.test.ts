import { describe, expect, it, vi } from 'vitest'
import { brotliSize as br, type ChunkLike, initialJs, initialJsBudget } from './vite-js-budget.ts'

const chunk = (fileName: string, code: string, extra: Partial<ChunkLike> = {}): ChunkLike => ({
  type: 'chunk',
  fileName,
  code,
  ...extra,
})

// An entry that imports a shared chunk (which imports another), a screen loaded on demand, and CSS.
const bundle = {
  'index.js': chunk('index.js', 'import "./react.js"; const screen = () => import("./screen.js")', {
    isEntry: true,
    imports: ['react.js'],
  }),
  'react.js': chunk('react.js', 'import "./scheduler.js"; export const react = 1', {
    imports: ['scheduler.js'],
  }),
  'scheduler.js': chunk('scheduler.js', 'export const scheduler = 2'),
  'screen.js': chunk('screen.js', 'export default "a screen loaded with its route"'.repeat(50)),
  'index.css': { type: 'asset', fileName: 'index.css' } satisfies ChunkLike,
}

describe('initialJs', () => {
  it('counts the entry and what it imports statically, not screens loaded on demand or CSS', () => {
    const { files, brotliBytes } = initialJs(bundle)
    expect(files).toEqual(['index.js', 'react.js', 'scheduler.js'])
    expect(brotliBytes).toBe(
      br(bundle['index.js'].code ?? '') +
        br(bundle['react.js'].code ?? '') +
        br(bundle['scheduler.js'].code ?? ''),
    )
  })
})

describe('initialJsBudget', () => {
  const run = (budget: number) => {
    const context = { error: vi.fn(), info: vi.fn() }
    const plugin = initialJsBudget(budget)
    const hook = plugin.generateBundle as unknown as (
      this: typeof context,
      options: unknown,
      b: typeof bundle,
    ) => void
    hook.call(context, {}, bundle)
    return context
  }

  it('reports the figure and passes within the budget', () => {
    const context = run(10_000)
    expect(context.error).not.toHaveBeenCalled()
    expect(context.info).toHaveBeenCalledWith(
      expect.stringMatching(/^initial JS: [\d.]+ KB brotli in 3 files/),
    )
  })

  it('fails the build past the budget', () => {
    const context = run(50)
    expect(context.error).toHaveBeenCalledWith(expect.stringContaining('load it with its screen'))
  })
})
