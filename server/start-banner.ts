import path from 'node:path'
import type { Config } from './env.ts'

/** Where mail goes, for a person: never SMTP_URL's user name or password. */
function mailDestination(config: Config): string {
  if (!config.smtpUrl) {
    return `written to ${path.join(config.dataDir, 'mail')} as .eml files (set SMTP_URL to send it); each one is logged with its link`
  }
  const url = URL.canParse(config.smtpUrl) ? new URL(config.smtpUrl) : null
  return `sent through ${url ? `${url.protocol}//${url.host}` : 'SMTP_URL'}`
}

/**
 * What `npm start` prints once it listens, after every line logged while starting: the address,
 * the demo sign-ins when this start loaded them, and where mail goes.
 */
export function startBanner(
  config: Config,
  { where, demo, requestsAtDebug }: { where: string; demo: string | null; requestsAtDebug: boolean },
): string {
  return [
    '',
    `Inkwell is running on ${config.appUrl} (${where})`,
    ...(demo ? [demo] : []),
    `Mail is ${mailDestination(config)}.`,
    ...(requestsAtDebug
      ? ['Requests are logged at debug level while you watch: LOG_LEVEL=debug shows them.']
      : []),
    '',
  ].join('\n')
}
