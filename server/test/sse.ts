/** One Server-Sent Events frame; `comment` frames are heartbeats. */
export interface SseFrame {
  event?: string
  id?: string
  data?: unknown
  comment?: string
}

export interface SseClient {
  status: number
  headers: Headers
  /** The next event (heartbeat comments skipped unless asked for); throws after `ms`. */
  next(options?: { ms?: number; comments?: boolean }): Promise<SseFrame>
  /** Asserts nothing but heartbeats arrives for `ms`. */
  expectQuiet(ms?: number): Promise<void>
  close(): void
}

/** Opens a real HTTP stream (fetch over a socket) and parses its frames. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController()
  const res = await fetch(url, { headers, signal: controller.signal })
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null

  async function frame(ms: number, comments: boolean): Promise<SseFrame | null> {
    const deadline = Date.now() + ms
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const parsed = parse(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
        if (parsed.comment !== undefined && !comments) continue
        return parsed
      }
      const left = deadline - Date.now()
      if (left <= 0) return null
      pending ??= reader.read()
      const result = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), left))])
      if (result === null) continue
      pending = null
      if (result.done) throw new Error(`the stream ended; unparsed: ${JSON.stringify(buffer)}`)
      buffer += decoder.decode(result.value, { stream: true })
    }
  }

  return {
    status: res.status,
    headers: res.headers,
    async next({ ms = 5000, comments = false } = {}) {
      const f = await frame(ms, comments)
      if (!f) throw new Error(`no SSE frame within ${ms} ms; unparsed: ${JSON.stringify(buffer)}`)
      return f
    },
    async expectQuiet(ms = 300) {
      const f = await frame(ms, false)
      if (f) throw new Error(`expected no event, got ${JSON.stringify(f)}`)
    },
    close() {
      pending?.catch(() => {})
      reader.cancel().catch(() => {})
      controller.abort()
    },
  }
}

function parse(raw: string): SseFrame {
  const frame: SseFrame = {}
  const data: string[] = []
  for (const line of raw.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim()
    else {
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') frame.event = value
      else if (field === 'id') frame.id = value
      else if (field === 'data') data.push(value)
    }
  }
  if (data.length) frame.data = JSON.parse(data.join('\n'))
  return frame
}
