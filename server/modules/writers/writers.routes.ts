import type { App } from '#server/http/app-type.ts'

/** GET /api/writers (the directory) and GET /api/writers/:writerId (a writer page's header). */
export function writerRoutes(_app: App) {}
