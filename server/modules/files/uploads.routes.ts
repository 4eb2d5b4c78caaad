import { z } from 'zod'
import { IMAGE_MAX_BYTES } from '#common/constants.ts'
import { requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { readUpload } from '#server/http/upload.ts'
import { uploadImage } from './files.service.ts'

const UploadedImage = z.object({ url: z.string() })

/** Images for the post editor (cover and inline): decoded and stored re-encoded under images/ (decision 036). */
export function uploadRoutes(app: App) {
  app.post(
    '/api/uploads/images',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'uploadImage',
        summary: 'Upload an image for the post editor',
        response: { 201: UploadedImage },
      },
      // Read from the multipart body, which no schema checks: no file or an image that does not
      // decode (400), too large, not an image.
      config: { errors: [400, 413, 415] },
    },
    async (req, reply) => {
      const bytes = await readUpload(req, IMAGE_MAX_BYTES)
      const url = await uploadImage(app.ctx, 'images', bytes, IMAGE_MAX_BYTES)
      return reply.code(201).send({ url })
    },
  )
}
