import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
  subject: string
  /** The first http(s) link of the message, decoded. */
  link: string | null
}

/** A real SMTP server on a free local port; the app sends to it with nodemailer, as in production. */
export async function startMailbox() {
  const received: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  // Addresses this server refuses, with the code it answers: 4xx (try later) or 5xx (never).
  const refusals = new Map<string, number>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refusals.get(address.address.toLowerCase())
      if (!code) return callback()
      const error = Object.assign(
        new Error(code >= 500 ? `5.1.1 <${address.address}>: no such mailbox` : '4.2.1 Try again later'),
        { responseCode: code },
      )
      callback(error)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decode(raw.match(/^Subject: (.*)$/m)?.[1] ?? ''),
          link: firstLink(raw),
        })
        for (const wake of waiters.splice(0)) wake()
        callback()
      })
    },
  })
  // A client that vanishes mid-message (an app process stopped while it sends) is the client's
  // failure, as a real mail server treats it: smtp-server reports it as its own 'error', which
  // unheard would be an uncaught exception in the test run.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /**
     * Resolves with the newest mail to `to` (waiting up to 5 s for it to arrive). Pass `subject`
     * to skip other mail to the same address (sign-up sends a verification mail first).
     */
    async waitFor(
      to: string,
      { subject, timeoutMs = 5000 }: { subject?: string; timeoutMs?: number } = {},
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = received.findLast(
          (m) => m.to.includes(to) && (subject === undefined || m.subject === subject),
        )
        if (mail) return mail
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
    },
    /** From now on, answers mail to `address` with `code` (451, 550…); null takes it again. */
    refuse(address: string, code: number | null) {
      if (code === null) refusals.delete(address.toLowerCase())
      else refusals.set(address.toLowerCase(), code)
    },
    /** The message as a mail client reads it: headers, text part, HTML part (mailparser). */
    parse: (mail: ReceivedMail): Promise<ParsedMail> => simpleParser(mail.raw),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>

function decode(text: string) {
  return text.replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, q: string) => quotedPrintable(q.replaceAll('_', ' ')))
}

function quotedPrintable(text: string) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function firstLink(raw: string): string | null {
  const body = quotedPrintable(raw)
  return body.match(/https?:\/\/[^\s"<>]+/)?.[0].replaceAll('&amp;', '&') ?? null
}
