import { randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

const red = { width: 40, height: 20, channels: 3, background: '#c33' } as const

/** A real 40×20 JPEG: a phone photo in small, with its camera, a GPS position and "turn a quarter right" (EXIF orientation 6). */
export const photoWithGps = () =>
  sharp({ create: red })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Inkwell Phone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer()

export const plainPng = () => sharp({ create: red }).png().toBuffer()
export const plainWebp = () => sharp({ create: red }).webp().toBuffer()

/** A JPEG of noise, so most of its bytes are picture data and cutting it ends the picture midway. */
export const noiseJpeg = () =>
  sharp(randomBytes(300 * 200 * 3), { raw: { width: 300, height: 200, channels: 3 } })
    .jpeg()
    .toBuffer()

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid black-and-white PNG of side×side pixels: a few kilobytes that unpack to side² pixels. */
export function pngBomb(side: number) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 1 // one bit per pixel, greyscale (colour type 0)
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** Whether a JPEG still carries an EXIF segment (APP1 "Exif\0\0"), where cameras put GPS. */
export const hasExif = (bytes: Buffer) => bytes.includes(Buffer.from('Exif\0\0', 'latin1'))
