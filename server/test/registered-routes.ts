import type { App } from '#server/http/app-type.ts'

/**
 * The routes that route functions register, as "METHOD /url" (run against a recorder, not an app),
 * for walks that must fail when a module gains a route nobody walked.
 */
export function registeredRoutes(...register: Array<(app: App) => unknown>): string[] {
  const seen: string[] = []
  const record = (method: string) => (url: string) => void seen.push(`${method} ${url}`)
  const recorder = {
    get: record('GET'),
    post: record('POST'),
    put: record('PUT'),
    patch: record('PATCH'),
    delete: record('DELETE'),
    addHook: () => {},
  } as unknown as App
  for (const routes of register) void routes(recorder)
  return seen
}
