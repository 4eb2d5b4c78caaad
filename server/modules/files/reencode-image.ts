import sharp, { type Sharp } from 'sharp'
import { IMAGE_MAX_PIXELS } from '#common/constants.ts'
import { AppError } from '#server/errors.ts'
import type { FileExtension } from '#server/storage/file-type.ts'

const IMAGE_EXTENSIONS = ['png', 'jpg', 'webp'] as const satisfies FileExtension[]
type ImageType = (typeof IMAGE_EXTENSIONS)[number]

/** The uploads stored as images; GIF, SVG and the rest are refused (decision 036). */
export const isImageType = (type: FileExtension | null): type is ImageType =>
  (IMAGE_EXTENSIONS as readonly (FileExtension | null)[]).includes(type)

// Decoding runs on libuv's threads, not the event loop. One libvips thread per image, no cache of
// inputs nobody asks for twice, and one image at a time per process: on two cores the event loop
// and the other threads (scrypt, file reads) keep a core while an upload is decoded.
sharp.concurrency(1)
sharp.cache(false)
let previous: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = previous.then(task)
  previous = run.catch(() => {})
  return run
}

const LABELS: Record<ImageType, string> = { png: 'PNG', jpg: 'JPEG', webp: 'WebP' }
const MEGAPIXELS = Math.round(IMAGE_MAX_PIXELS / 1_000_000)

function encoder(image: Sharp, type: ImageType): Sharp {
  if (type === 'png') return image.png()
  if (type === 'jpg') return image.jpeg({ quality: 85 })
  return image.webp({ quality: 85 })
}

/**
 * Decodes an upload and encodes its pixels again in the same format (decision 036): whatever
 * rode along after or inside the picture (a script, a page, EXIF with GPS) is not copied. The
 * EXIF orientation is applied first, so a phone photo stays upright. A still image: an animated
 * WebP keeps its first frame.
 */
export function reencodeImage(bytes: Buffer, type: ImageType): Promise<Buffer> {
  const image = sharp(bytes, { autoOrient: true, limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' })
  return oneAtATime(() => encoder(image, type).toBuffer()).catch((error: Error) => {
    // libvips reads the size from the header and refuses before unpacking a pixel.
    if (error.message.includes('pixel limit')) {
      const message = `Images can be at most ${MEGAPIXELS} megapixels: make it smaller and upload it again.`
      throw new AppError('bad_request', message, { file: `At most ${MEGAPIXELS} megapixels` })
    }
    const label = LABELS[type]
    throw new AppError(
      'bad_request',
      `This ${label} image could not be read: it is damaged or incomplete. Save it again and upload the new file.`,
      { file: `This ${label} image is damaged or incomplete` },
    )
  })
}
