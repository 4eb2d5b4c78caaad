import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { ApiError } from '#web/lib/api-client.ts'

/**
 * Puts the server's per-field messages (ApiError.fields, keys like `name` or `links.2`) under the
 * form's fields. Returns a message for the form as a whole when some field messages have no field
 * here to sit under; null when everything found its place or the error was already toasted.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (key: string) => FieldPath<T> | undefined,
): string | null {
  if (!(error instanceof ApiError) || !error.fields) return null
  const unplaced: string[] = []
  let first = true
  for (const [key, message] of Object.entries(error.fields)) {
    const field = fieldOf(key)
    if (!field) {
      unplaced.push(message)
      continue
    }
    setError(field, { type: 'server', message }, { shouldFocus: first })
    first = false
  }
  return unplaced.length ? `${error.message}: ${unplaced.join('; ')}` : null
}

/** The usual mapping: a server key names a field of the form directly. */
export const sameNames =
  <T extends FieldValues>(names: readonly FieldPath<T>[]) =>
  (key: string): FieldPath<T> | undefined =>
    names.find((name) => name === key)
