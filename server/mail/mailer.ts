import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** Stable per message when a resend must be recognisable as the same mail: `<id@host>`. */
  messageId?: string
  /** Extra headers (List-Id, List-Unsubscribe, List-Unsubscribe-Post…). */
  headers?: Record<string, string>
}

export interface Mailer {
  /** Throws MailRefused when the mail server refuses the message, and other errors when unreachable. */
  send(mail: Mail): Promise<void>
}

/**
 * A mail server's refusal: permanent (5xx: the address does not exist or will never take mail
 * from us) or temporary (4xx: try again later).
 */
export class MailRefused extends Error {
  constructor(
    readonly permanent: boolean,
    readonly code: number,
    readonly response: string,
  ) {
    super(`The mail server refused the message: ${response}`)
  }
}

/** nodemailer's rejection as a MailRefused when the server answered with a code; else as it is. */
function refusalOf(error: unknown): unknown {
  const code = (error as { responseCode?: unknown }).responseCode
  if (typeof code !== 'number' || code < 400) return error
  const response = String((error as { response?: unknown }).response ?? (error as Error).message)
  return new MailRefused(code >= 500, code, response)
}

/**
 * SMTP when a URL is configured; otherwise every message is written as an .eml file under
 * <dataDir>/mail and announced on the console, so links work on a machine with no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined
  from: string
  dataDir: string
  log: FastifyBaseLogger
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail }).catch((error: unknown) => {
          throw refusalOf(error)
        })
      },
    }
  }
  const outbox = path.join(options.dataDir, 'mail')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail })
      await fs.mkdir(outbox, { recursive: true })
      const file = path.join(outbox, `${Date.now()}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`)
      await fs.writeFile(file, info.message as Buffer)
      const link = mail.text.match(/https?:\/\/\S+/)?.[0]
      options.log.info(
        { to: mail.to, file },
        `Mail to ${mail.to}: "${mail.subject}"${link ? ` ${link}` : ''}`,
      )
    },
  }
}
