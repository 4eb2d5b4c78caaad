import { randomUUID } from 'node:crypto'
import type { AppContext } from '#server/context.ts'
import { AppError } from '#server/errors.ts'
import { detectFileType } from '#server/storage/file-type.ts'
import { isImageType, reencodeImage } from './reencode-image.ts'

const FILE_URL = /^\/api\/files\/([a-z]+\/[a-zA-Z0-9-]+\.[a-z0-9]+)$/

export const fileUrl = (key: string) => `/api/files/${key}`

export function keyOfFileUrl(url: string | null): string | null {
  return url?.match(FILE_URL)?.[1] ?? null
}

/**
 * Stores an image after checking its size and its first bytes (PNG, JPEG or WebP), and a fresh
 * copy of its pixels, never the bytes as sent (decision 036); returns its URL.
 */
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
  if (!isImageType(type)) {
    throw new AppError('unsupported_media_type', 'Upload a PNG, JPEG or WebP image', {
      file: 'This file is not a PNG, JPEG or WebP image',
    })
  }
  const key = `${folder}/${randomUUID()}.${type}`
  await ctx.storage.put(key, await reencodeImage(bytes, type), type)
  return fileUrl(key)
}
