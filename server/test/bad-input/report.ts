import fs from 'node:fs'

// What the guard found, grouped by cause so one fix closes a group: the error behind a 5xx (its
// code and message with the values taken out), or the tables a refused request changed.

export interface Finding {
  kind: '5xx' | 'wrote while refused'
  cause: string
  method: string
  url: string
  input: string
  actor: string
  status: number
  body: string
}

const excerpt = (text: string, max = 160) => {
  const flat = JSON.stringify(text).slice(1, -1)
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}

/**
 * An error's cause with the request's own values removed, so equal causes group together. A
 * failed query's own message is its SQL; the database's error (its `cause`) says what went wrong.
 */
export function causeOf(error: Error | undefined): string {
  if (!error) return 'answered 5xx itself (no error reached Fastify: Better Auth answers its own)'
  const inner = error.cause instanceof Error ? error.cause : error
  const code = (inner as { code?: string }).code
  const message = (inner.message.split('\n')[0] ?? '')
    .replace(/"[^"]*"|'[^']*'/g, '…')
    .replace(/\b\d+\b/g, 'N')
    .slice(0, 160)
  // The first frame in Inkwell's own code says where to fix it.
  const frame = error.stack
    ?.split('\n')
    .find((line) => /\/(server|common)\//.test(line) && !line.includes('node_modules'))
    ?.replace(/^.*\/((server|common)\/[^:)]+):\d+.*$/, '$1')
  return `${inner.name}${code ? ` ${code}` : ''}: ${message}${frame ? ` (at ${frame})` : ''}`
}

export function finding(
  kind: Finding['kind'],
  cause: string,
  request: { method: string; url: string; label: string; actor: string },
  res: { statusCode: number; body: string },
): Finding {
  return {
    kind,
    cause,
    method: request.method,
    url: excerpt(request.url, 140),
    input: request.label,
    actor: request.actor,
    status: res.statusCode,
    body: excerpt(res.body),
  }
}

/** One line per finding, for the test's failure message. */
export const summaryLine = (f: Finding) =>
  `${f.status} ${f.method} ${f.url} [${f.input}] as ${f.actor}: ${f.cause}`

/** A Markdown report grouped by cause (written when BAD_INPUT_REPORT names a file). */
export function writeReport(file: string, title: string, findings: Finding[]): void {
  const groups = new Map<string, Finding[]>()
  for (const f of findings) {
    const key = `${f.kind} — ${f.cause}`
    groups.set(key, [...(groups.get(key) ?? []), f])
  }
  const lines = [`## ${title}: ${findings.length} finding(s) in ${groups.size} group(s)`, '']
  for (const [key, items] of groups) {
    lines.push(`### ${key} (${items.length})`, '')
    for (const f of items.slice(0, 25)) {
      lines.push(`- ${f.status} \`${f.method} ${f.url}\` — ${f.input} (as ${f.actor}) → \`${f.body}\``)
    }
    if (items.length > 25) lines.push(`- … and ${items.length - 25} more`)
    lines.push('')
  }
  fs.appendFileSync(file, `${lines.join('\n')}\n`)
}
