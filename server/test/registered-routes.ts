import type { App } from '#server/http/app-type.ts'

/**
 * The routes that route functions register, as "METHOD /url" (run against a recorder, not an app),
 * for walks that must fail when a module gains a route nobody walked.
 */
export function registeredRoutes(...register: Array<(app: App) => unknown>): string[] {
  const seen: string[] = []
  const recorder = routeRecorder(seen)
  for (const routes of register) void routes(recorder)
  return seen
}

/**
 * The same for route plugins too (`app.register(...)`, `app.route(...)`, scoped content-type
 * parsers), awaited one after the other; `ctx` is for plugins that read it while registering.
 */
export async function registeredPluginRoutes(
  ctx: App['ctx'],
  ...register: Array<(app: App) => unknown>
): Promise<string[]> {
  const seen: string[] = []
  const recorder = routeRecorder(seen, ctx)
  for (const routes of register) await routes(recorder)
  return seen
}

function routeRecorder(seen: string[], ctx?: App['ctx']): App {
  const record = (method: string) => (url: string) => void seen.push(`${method} ${url}`)
  const recorder = {
    get: record('GET'),
    post: record('POST'),
    put: record('PUT'),
    patch: record('PATCH'),
    delete: record('DELETE'),
    route: ({ method, url }: { method: string | string[]; url: string }) => {
      for (const m of [method].flat()) seen.push(`${m} ${url}`)
    },
    register: async (plugin: (app: App) => unknown) => {
      await plugin(recorder)
    },
    addHook: () => {},
    addContentTypeParser: () => {},
    removeAllContentTypeParsers: () => {},
    ctx,
  } as unknown as App
  return recorder
}
