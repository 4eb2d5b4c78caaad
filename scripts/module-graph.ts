// The server's modules as a graph: which module imports which (through its index.ts), and the
// cycles, if any. Lint runs it (`npm run lint`): biome's noImportCycles sees cycles between files,
// and two modules can depend on each other through different files without one.
import fs from 'node:fs'
import path from 'node:path'

const MODULE_IMPORT = /from '#server\/modules\/([a-z-]+)\//g

/** Module name → the modules its source files (not its tests or fixtures) import. */
export function readModuleGraph(modulesDir: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const name of fs.readdirSync(modulesDir).sort()) {
    const dir = path.join(modulesDir, name)
    if (!fs.statSync(dir).isDirectory()) continue
    const uses = new Set<string>()
    for (const file of fs.readdirSync(dir)) {
      if (!/\.ts$/.test(file) || /\.(test|fixtures)\.ts$/.test(file)) continue
      for (const [, used] of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(MODULE_IMPORT)) {
        if (used !== name) uses.add(used)
      }
    }
    graph.set(name, uses)
  }
  return graph
}

/** Each cycle once, as the modules along it with the first repeated at the end. */
export function findCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = []
  const seen = new Set<string>()
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node)
    if (at >= 0) {
      const cycle = trail.slice(at)
      const key = [...cycle].sort().join(' ')
      if (!seen.has(key)) {
        seen.add(key)
        cycles.push([...cycle, node])
      }
      return
    }
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node])
  }
  for (const node of graph.keys()) visit(node, [])
  return cycles
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cycles = findCycles(readModuleGraph(path.resolve('server/modules')))
  for (const cycle of cycles) console.error(`server modules import each other: ${cycle.join(' → ')}`)
  if (cycles.length > 0) {
    console.error(
      'Move what both need into server/core, or turn one dependency around (docs/ARCHITECTURE.md).',
    )
    process.exit(1)
  }
}
