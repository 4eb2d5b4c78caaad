import { parentPort, workerData } from 'node:worker_threads'
import { openEventStream } from './http.ts'

// A share of the notifications suite's event streams, read on a thread of its own: one thread
// reading 1,000 sockets takes ~25 µs a stream, which the suite would otherwise measure as the
// server's delay. Arrival times are absolute (timeOrigin + now), comparable across threads.

export interface StreamReaderData {
  url: string
  cookies: string[]
  count: number
  /** The index of this share's first stream among all of them (spreads the accounts evenly). */
  first: number
}

/** parent → reader (the parent ends the thread, and with it the streams, by terminating it) */
export type ReaderCommand = { type: 'expect'; message: string }
/** reader → parent */
export type ReaderReport = { type: 'open' } | { type: 'armed' } | { type: 'arrivals'; at: (number | null)[] }

const { url, cookies, count, first } = workerData as StreamReaderData
const port = parentPort!
const report = (message: ReaderReport) => port.postMessage(message)

const streams = await Promise.all(
  Array.from({ length: count }, (_, i) => openEventStream(url, cookies[(first + i) % cookies.length])),
)
report({ type: 'open' })

port.on('message', async (command: ReaderCommand) => {
  const arrivals = streams.map((stream) =>
    stream.next(carrying(command.message)).then(
      (at) => performance.timeOrigin + at,
      () => null,
    ),
  )
  report({ type: 'armed' })
  report({ type: 'arrivals', at: await Promise.all(arrivals) })
})

/** The `created` event of the broadcast carrying this message. */
function carrying(message: string) {
  return (event: string, data: string) =>
    event === 'created' &&
    (JSON.parse(data) as { notification: { message: string } }).notification.message === message
}
