// `npm test`: every check in turn (types, lint, the unit, web and server suites, then the
// browser journeys), stopping at the first that fails, and the whole run's wall time at the end.
import { spawnSync } from 'node:child_process'

const steps = [
  ['npm', ['run', 'typecheck']],
  ['npm', ['run', 'lint']],
  ['npm', ['run', 'test:unit']],
  ['npm', ['run', 'test:e2e']],
]

const started = Date.now()
let status = 0
for (const [command, args] of steps) {
  status = spawnSync(command, args, { stdio: 'inherit' }).status ?? 1
  if (status !== 0) break
}
const seconds = Math.round((Date.now() - started) / 1000)
console.log(
  `\nnpm test ${status === 0 ? 'passed' : 'failed'} in ${Math.floor(seconds / 60)} min ${seconds % 60} s`,
)
process.exit(status)
