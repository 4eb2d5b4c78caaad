import type { z } from 'zod'
import { type ErrorCode, isErrorBody } from '#common/errors.ts'

/** A failed API call: the server's error code and message, and per-field messages on a 400. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
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

/** The one way the web app calls the API: JSON, same-origin cookies, typed by the shared schema. */
export async function api<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
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
    if (isErrorBody(data))
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields)
    throw new ApiError(response.status, 'internal', 'Something went wrong on our side. Please try again.')
  }
  return schema.parse(data)
}
