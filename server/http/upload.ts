import type { FastifyRequest } from 'fastify'
import { AppError } from '#server/errors.ts'

// busboy throws plain Errors (no code) for a body it cannot parse: a missing boundary, a body that
// ends mid-part. That is the client's mistake, not ours.
const malformed = () =>
  new AppError('bad_request', 'The upload could not be read: send the file as multipart/form-data', {
    file: 'Choose a file',
  })

/** Reads the single file of a multipart request into memory, refusing more than maxBytes. */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!req.isMultipart())
    throw new AppError('bad_request', 'Send the file as multipart/form-data', { file: 'Choose a file' })
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(() => {
    throw malformed()
  })
  if (!part) throw new AppError('bad_request', 'No file was sent', { file: 'Choose a file' })
  try {
    return await part.toBuffer()
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw malformed()
    const mb = Math.round(maxBytes / 1024 / 1024)
    throw new AppError('payload_too_large', `The file is larger than ${mb} MB`, { file: `At most ${mb} MB` })
  }
}
