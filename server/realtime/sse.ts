import type { OutgoingHttpHeaders } from 'node:http'
import type { FastifyReply } from 'fastify'

export interface EventStream {
  /** Writes one event with `data` (JSON text, one line); `id` becomes the client's Last-Event-ID. */
  send(event: string, data: string, id?: number): void
  end(): void
  readonly closed: boolean
}

/**
 * Takes the response over from Fastify and opens a Server-Sent Events stream on it, with a
 * heartbeat comment so proxies and browsers keep an idle stream open. `onClose` runs once,
 * whoever closes it (the client, end(), or the server shutting down).
 */
export function openEventStream(
  reply: FastifyReply,
  { heartbeatMs, onClose }: { heartbeatMs: number; onClose: () => void },
): EventStream {
  reply.hijack()
  const res = reply.raw
  res.writeHead(200, {
    // Keep the headers hooks already set (helmet's security headers).
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  })
  res.flushHeaders()
  let closed = false
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs)
  res.on('close', () => {
    if (closed) return
    closed = true
    clearInterval(heartbeat)
    onClose()
  })
  function write(chunk: string) {
    if (!closed && !res.writableEnded) res.write(chunk)
  }
  return {
    send(event, data, id) {
      write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${data}\n\n`)
    },
    end() {
      if (!res.writableEnded) res.end()
    },
    get closed() {
      return closed
    },
  }
}
