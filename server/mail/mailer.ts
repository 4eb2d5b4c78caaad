import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
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
        await transport.sendMail({ from: options.from, ...mail })
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
