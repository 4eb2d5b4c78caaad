import type { z } from 'zod'
import { type ErrorCode, isErrorBody } from '#common/errors.ts'
import { parseRetryAfter, tooManyAttempts } from '#common/retry-after.ts'

/**
 * A failed API call: the server's error code and message, per-field messages on a 400, and on a
 * 429 how many seconds to wait (the Retry-After header).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** Sent as multipart/form-data instead of JSON. */
  form?: FormData
  signal?: AbortSignal
}

/**
 * Schemas loaded beside the first request that needs them, not with the screen: a server-rendered
 * page's data is already in the cache, so zod stays out of its first task (decision 032).
 * `const books = schemasOf(() => import('#common/schemas/books.ts'))`, then
 * `api(path, books((m) => m.BookPage))`.
 */
export function schemasOf<M>(load: () => Promise<M>) {
  return <S extends z.ZodType>(pick: (module: M) => S): Promise<S> => load().then(pick)
}

/**
 * The one way the web app calls the API: JSON, same-origin cookies, typed by the shared schema.
 * The schema may come as a promise (`schemasOf`): the app shell's own requests (the session, the
 * bell, the admin's count) and the public pages' reads load theirs beside the request, so zod and
 * the schemas stay out of the first load and out of a server-rendered page's first task.
 */
export async function api<S extends z.ZodType>(
  path: string,
  schema: S | Promise<S>,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  // A schema that fails to load (offline) is reported by the `await` below; a request that fails
  // first never gets there, and the failed load would be an unhandled rejection.
  if (schema instanceof Promise) schema.catch(() => {})
  const { body, form, signal } = options
  const method = options.method ?? (body !== undefined || form ? 'POST' : 'GET')
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      signal,
      headers: body !== undefined ? { 'content-type': 'application/json' } : undefined,
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'internal', 'Inkwell cannot be reached. Check your connection and try again.')
  }
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null)
  if (!response.ok) {
    const retryAfter =
      response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : undefined
    if (isErrorBody(data))
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields, retryAfter)
    // A 429 from something in front of us (a proxy) still says when to come back.
    if (response.status === 429)
      throw new ApiError(429, 'rate_limited', tooManyAttempts(retryAfter), undefined, retryAfter)
    throw new ApiError(response.status, 'internal', 'Something went wrong on our side. Please try again.')
  }
  return (await schema).parse(data)
}
