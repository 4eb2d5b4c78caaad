import v8 from 'node:v8'
import vm from 'node:vm'
import { isMainThread } from 'node:worker_threads'

// Loaded into the newsletters suite's server process (NODE_OPTIONS=--import): on SIGUSR2 it runs a
// full garbage collection and prints the heap still in use, so the suite can tell memory the
// process keeps from garbage not yet collected. Nothing else in the server changes.

if (isMainThread) {
  v8.setFlagsFromString('--expose-gc')
  const gc = vm.runInNewContext('gc')
  process.on('SIGUSR2', () => {
    gc()
    console.log(`bench-heap-used ${process.memoryUsage().heapUsed}`)
  })
}
