import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findCycles, readModuleGraph } from './module-graph.ts'

function modules(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-modules-'))
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), source)
  }
  return dir
}

describe('the module graph', () => {
  it('finds two modules that import each other through different files', () => {
    const dir = modules({
      'payments/fulfil.ts': "import { reclaim } from '#server/modules/earnings/index.ts'",
      'earnings/history.ts': "import { ITEM_KINDS } from '#server/modules/payments/index.ts'",
      'earnings/release.ts': '',
    })
    expect(findCycles(readModuleGraph(dir))).toEqual([['earnings', 'payments', 'earnings']])
  })

  it('finds a longer cycle once, and passes a graph without one', () => {
    const longer = modules({
      'a/x.ts': "from '#server/modules/b/index.ts'",
      'b/x.ts': "from '#server/modules/c/index.ts'",
      'c/x.ts': "from '#server/modules/a/index.ts'",
    })
    expect(findCycles(readModuleGraph(longer))).toHaveLength(1)
    const layered = modules({
      'a/x.ts': "from '#server/modules/b/index.ts'",
      'b/x.ts': "from '#server/modules/c/index.ts'",
      'c/x.ts': '',
    })
    expect(findCycles(readModuleGraph(layered))).toEqual([])
  })

  it('leaves out tests and fixtures, which may reach any module', () => {
    const dir = modules({
      'a/x.ts': "from '#server/modules/b/index.ts'",
      'b/x.test.ts': "from '#server/modules/a/x.ts'",
      'b/x.fixtures.ts': "from '#server/modules/a/x.ts'",
    })
    expect(findCycles(readModuleGraph(dir))).toEqual([])
  })

  it('has no cycle among the server modules', () => {
    expect(findCycles(readModuleGraph(path.resolve('server/modules')))).toEqual([])
  })
})
