import { randomUUID } from 'node:crypto'
import type { AppContext } from '#server/context.ts'
import { AppError } from '#server/errors.ts'
import { detectFileType, type FileExtension } from '#server/storage/file-type.ts'

const IMAGE_EXTENSIONS: FileExtension[] = ['png', 'jpg', 'webp']
const FILE_URL = /^\/api\/files\/([a-z]+\/[a-zA-Z0-9-]+\.[a-z0-9]+)$/

export const fileUrl = (key: string) => `/api/files/${key}`

export function keyOfFileUrl(url: string | null): string | null {
  return url?.match(FILE_URL)?.[1] ?? null
}

/** Stores an image after checking its bytes (PNG, JPEG or WebP) and size; returns its URL. */
export async function uploadImage(
  ctx: AppContext,
  folder: string,
  bytes: Buffer,
  maxBytes: number,
): Promise<string> {
  if (bytes.length === 0) throw new AppError('bad_request', 'The file is empty', { file: 'Choose an image' })
  if (bytes.length > maxBytes) {
    const mb = Math.round(maxBytes / 1024 / 1024)
    throw new AppError('payload_too_large', `Images can be at most ${mb} MB`, { file: `At most ${mb} MB` })
  }
  const type = detectFileType(bytes)
  if (!type || !IMAGE_EXTENSIONS.includes(type)) {
    throw new AppError('unsupported_media_type', 'Upload a PNG, JPEG or WebP image', {
      file: 'This file is not a PNG, JPEG or WebP image',
    })
  }
  const key = `${folder}/${randomUUID()}.${type}`
  await ctx.storage.put(key, bytes, type)
  return fileUrl(key)
}
