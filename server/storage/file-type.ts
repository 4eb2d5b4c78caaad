// Uploads are judged by their bytes, never by the name or the Content-Type the browser sent.

export const FILE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
} as const

export type FileExtension = keyof typeof FILE_TYPES

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

export function detectFileType(bytes: Buffer): FileExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf'
  // An EPUB is a zip whose first entry is an uncompressed "mimetype" file naming the format.
  if (
    startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) &&
    startsWith(bytes, ascii('mimetypeapplication/epub+zip'), 30)
  ) {
    return 'epub'
  }
  return null
}

export function contentTypeOf(key: string): string {
  const extension = key.split('.').pop() ?? ''
  // Own keys only: "x.constructor" must not find Object.prototype's.
  return Object.hasOwn(FILE_TYPES, extension)
    ? FILE_TYPES[extension as FileExtension]
    : 'application/octet-stream'
}
