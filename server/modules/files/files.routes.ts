import { z } from 'zod'
import { AppError } from '#server/errors.ts'
import type { App } from '#server/http/app-type.ts'
import { contentTypeOf } from '#server/storage/file-type.ts'

const FileParams = z.object({
  folder: z.string().regex(/^[a-z]+$/),
  name: z.string().regex(/^[a-zA-Z0-9-]+\.[a-z0-9]+$/),
})

/** Serves stored files with headers that keep them from ever running as a page. */
export function fileRoutes(app: App) {
  app.get(
    '/api/files/:folder/:name',
    { schema: { operationId: 'getFile', summary: 'Download a stored file', params: FileParams } },
    async (req, reply) => {
      const { folder, name } = req.params
      const file = await app.ctx.storage.get(`${folder}/${name}`)
      if (!file) throw new AppError('not_found', 'That file does not exist')
      const type = contentTypeOf(name)
      return reply
        .header('content-type', type)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', type.startsWith('image/') ? 'inline' : 'attachment')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.body)
    },
  )
}
