import type { FastifyInstance } from 'fastify'
import { AppError } from '#server/errors.ts'

// PostgreSQL cannot store NUL in text (the driver fails the whole statement), and no other C0
// control character belongs in anything a person writes. Refusing them here, before validation,
// covers every route at once, Better Auth's included, whatever its schema says.
// Tab, line feed and carriage return stay allowed: text areas and pasted code carry them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export const CONTROL_CHARACTER_MESSAGE = 'Remove the invisible control characters from this text'

/** No form nests deeper than a few levels (an exam's question's option is 4); JSON past this is not ours. */
export const INPUT_DEPTH_MAX = 32
export const TOO_DEEP_MESSAGE = `This request nests deeper than ${INPUT_DEPTH_MAX} levels`

/**
 * Paths (`questions.0.prompt`) of every string or key under `value` that holds a control character,
 * or `null` when `value` nests deeper than INPUT_DEPTH_MAX. It walks with its own stack, so a body
 * of thousands of nested arrays cannot overflow the call stack.
 */
export function controlCharacterPaths(value: unknown): string[] | null {
  const found: string[] = []
  const stack: Array<[unknown, string, number]> = [[value, '', 0]]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, path, depth] = next
    if (typeof item === 'string') {
      if (CONTROL.test(item)) found.push(path)
    } else if (item && typeof item === 'object') {
      if (depth >= INPUT_DEPTH_MAX) return null
      for (const [key, child] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key
        if (CONTROL.test(key)) found.push(at)
        else stack.push([child, at, depth + 1])
      }
    }
  }
  return found
}

/** A 400 with a message on each field that holds a control character, before any route runs. */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const found = [req.params, req.query, req.body].map(controlCharacterPaths)
    if (found.includes(null)) {
      throw new AppError('bad_request', 'Some fields need your attention', { body: TOO_DEEP_MESSAGE })
    }
    const paths = found.flat() as string[]
    if (paths.length === 0) return
    const fields = Object.fromEntries(paths.map((p) => [p || 'body', CONTROL_CHARACTER_MESSAGE]))
    throw new AppError('bad_request', 'Some fields need your attention', fields)
  })
}
