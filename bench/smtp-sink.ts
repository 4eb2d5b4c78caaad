import type { AddressInfo, Socket } from 'node:net'
import { SMTPServer } from 'smtp-server'

// A local SMTP server that accepts every message and keeps only its Message-ID and the time it
// was accepted (the 250 after DATA): the newsletters suite counts deliveries by id, so a message
// sent twice shows as a repeat. Only the head of each message is looked at; the rest is drained.
// smtp-server waits 100 ms before its greeting on every connection (to catch clients that talk
// too soon); Inkwell's mailer opens a connection per message, so that pause alone would cap a send
// at ~9 messages/s and the suite would measure the sink. The sink greets at once, as a mail server
// without a greeting pause does (`greetingPause` puts smtp-server's back).

export interface Accepted {
  messageId: string
  /** performance.now() when the 250 was given. */
  at: number
}

const HEAD_END = '\r\n\r\n'
const MESSAGE_ID = /^Message-ID:\s*(<[^>\r\n]+>)/im
/** The head of a newsletter is a few hundred bytes; a Message-ID past this is not looked for. */
const HEAD_LIMIT = 16 * 1024

interface Connection {
  on(event: string, listener: (arg: unknown) => void): void
  init(): void
  _setListeners(ready: () => void): void
  connectionReady(): void
}
type ConnectionClass = new (server: SMTPServer, socket: Socket, options: unknown) => Connection
interface ServerInternals {
  connections: Set<Connection>
  connect(socket: Socket, options: unknown): void
  _onError(error: unknown): void
  _onClientConnect(data: unknown): void
}

export async function startSmtpSink({ greetingPause = false } = {}) {
  const accepted: Accepted[] = []
  /** Messages that ended without a Message-ID header (none expected). */
  let withoutId = 0
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no TLS handshake, no reverse DNS look-up per connection.
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      let head = ''
      let messageId: string | null = null
      stream.on('data', (chunk: Buffer) => {
        if (messageId !== null || head.length > HEAD_LIMIT) return
        head += chunk.toString('latin1')
        const end = head.indexOf(HEAD_END)
        const found = (end >= 0 ? head.slice(0, end) : head).match(MESSAGE_ID)
        if (found) messageId = found[1]
      })
      // A client that goes away mid-message (a server killed while it sends): never accepted.
      stream.on('error', () => {})
      stream.on('end', () => {
        if (messageId === null) withoutId++
        else accepted.push({ messageId, at: performance.now() })
        callback()
      })
    },
  })
  // A client that vanishes mid-conversation is its failure, not the sink's.
  server.on('error', () => {})
  if (!greetingPause) {
    // smtp-server 3.21's own connect(), but ready at once instead of after its 100 ms timer.
    const specifier = 'smtp-server/lib/smtp-connection.js'
    const { SMTPConnection } = (await import(specifier)) as { SMTPConnection: ConnectionClass }
    const internals = server as unknown as ServerInternals
    internals.connect = (socket, options) => {
      const connection = new SMTPConnection(server, socket, options)
      internals.connections.add(connection)
      connection.on('error', (error) => internals._onError(error))
      connection.on('connect', (data) => internals._onClientConnect(data))
      connection._setListeners(() => connection.connectionReady())
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    withoutId: () => withoutId,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>
