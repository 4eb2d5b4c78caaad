import type { FastifyRequest } from 'fastify'
import { AppError } from '#server/errors.ts'

/** Reads the single file of a multipart request into memory, refusing more than maxBytes. */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!req.isMultipart())
    throw new AppError('bad_request', 'Send the file as multipart/form-data', { file: 'Choose a file' })
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } })
  if (!part) throw new AppError('bad_request', 'No file was sent', { file: 'Choose a file' })
  try {
    return await part.toBuffer()
  } catch {
    const mb = Math.round(maxBytes / 1024 / 1024)
    throw new AppError('payload_too_large', `The file is larger than ${mb} MB`, { file: `At most ${mb} MB` })
  }
}
