import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '#common/constants.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { hasExif, noiseJpeg, photoWithGps, plainPng, plainWebp, pngBomb } from '#server/test/images.ts'
import { multipartBody, PNG_1PX } from '#server/test/upload.ts'

let t: TestApp
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  writer = await createUser(t)
})
afterAll(() => t.close())

const imagesDir = () => path.join(t.config.dataDir, 'uploads', 'images')
const storedImages = () => (fs.existsSync(imagesDir()) ? fs.readdirSync(imagesDir()).sort() : [])

function uploadImage(
  cookie: string | undefined,
  bytes: Buffer,
  filename = 'figure.png',
  contentType = 'image/png',
) {
  const body = multipartBody({ filename, contentType, bytes })
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads/images',
    headers: { origin: TEST_ORIGIN, 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  })
}

describe('POST /api/uploads/images', () => {
  it('answers 401 when signed out and stores nothing', async () => {
    const before = storedImages()
    const res = await uploadImage(undefined, PNG_1PX)
    expect(res.statusCode).toBe(401)
    expect(storedImages()).toEqual(before)
  })

  it.each([
    ['a text file named .png', Buffer.from('just some text, honestly'), 'notes.png', 'image/png'],
    [
      'an SVG image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    ],
  ])('refuses %s by its bytes (415) and stores nothing', async (_, bytes, filename, type) => {
    const before = storedImages()
    const res = await uploadImage(writer.cookie, bytes, filename, type)
    expect(res.statusCode).toBe(415)
    expect(res.json().error).toMatchObject({
      code: 'unsupported_media_type',
      fields: { file: 'This file is not a PNG, JPEG or WebP image' },
    })
    expect(storedImages()).toEqual(before)
  })

  it('refuses a file over 5 MB (413) and stores nothing', async () => {
    const before = storedImages()
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(IMAGE_MAX_BYTES + 1 - PNG_1PX.length)])
    const res = await uploadImage(writer.cookie, big)
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toMatchObject({ code: 'payload_too_large', fields: { file: 'At most 5 MB' } })
    expect(storedImages()).toEqual(before)
  })

  it('refuses a request without a file (400)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads/images',
      body: { file: 'x' },
      cookie: writer.cookie,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ file: 'Choose a file' })
  })

  it('stores a PNG under a generated name (201) and serves it as an inert image', async () => {
    const res = await uploadImage(writer.cookie, PNG_1PX, 'my figure.png')
    expect(res.statusCode).toBe(201)
    const { url } = res.json() as { url: string }
    expect(url).toMatch(/^\/api\/files\/images\/[0-9a-f-]{36}\.png$/)
    expect(storedImages()).toContain(path.basename(url))

    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['content-disposition']).toBe('inline')
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 })
  })
})

describe('POST /api/uploads/images decodes every image and stores a fresh copy', () => {
  const stored = (url: string) => fs.readFileSync(path.join(imagesDir(), path.basename(url)))
  const script = Buffer.from('<script>alert(1)</script>')
  const page = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')

  it.each([
    ['a JPEG with a script appended', 'jpg', async () => Buffer.concat([await photoWithGps(), script])],
    ['a PNG with HTML appended', 'png', async () => Buffer.concat([await plainPng(), page])],
    ['a WebP with HTML appended', 'webp', async () => Buffer.concat([await plainWebp(), page])],
  ])('keeps the picture of %s and drops the rest', async (_, type, make) => {
    const res = await uploadImage(writer.cookie, await make())
    expect(res.statusCode).toBe(201)
    const { url } = res.json() as { url: string }
    expect(url.endsWith(`.${type}`)).toBe(true)
    const bytes = stored(url)
    expect(bytes.includes('<script')).toBe(false)
    expect(bytes.includes('<html')).toBe(false)
    expect((await sharp(bytes).metadata()).format).toBe(type === 'jpg' ? 'jpeg' : type)
  })

  it.each([
    [
      'JPEG magic followed by a script',
      'JPEG',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), script]),
    ],
    ['a JPEG cut off halfway', 'JPEG', async () => (await noiseJpeg()).subarray(0, 8000)],
    ['a PNG missing its last bytes', 'PNG', async () => (await plainPng()).subarray(0, -20)],
    ['a WebP missing its last bytes', 'WebP', async () => (await plainWebp()).subarray(0, -10)],
  ])('refuses %s (400) and stores nothing', async (_, type, make) => {
    const before = storedImages()
    const res = await uploadImage(writer.cookie, await make())
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toEqual({
      code: 'bad_request',
      message: `This ${type} image could not be read: it is damaged or incomplete. Save it again and upload the new file.`,
      fields: { file: `This ${type} image is damaged or incomplete` },
    })
    expect(storedImages()).toEqual(before)
  })

  it('refuses an image of more pixels than it may unpack to (400) before decoding it', async () => {
    const side = Math.ceil(Math.sqrt(IMAGE_MAX_PIXELS)) + 1
    const bomb = pngBomb(side)
    expect(bomb.length).toBeLessThan(100 * 1024)
    const before = storedImages()
    const res = await uploadImage(writer.cookie, bomb)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toEqual({
      code: 'bad_request',
      message: 'Images can be at most 50 megapixels: make it smaller and upload it again.',
      fields: { file: 'At most 50 megapixels' },
    })
    expect(storedImages()).toEqual(before)
  })

  it('accepts a large image up to the pixel limit', async () => {
    const res = await uploadImage(writer.cookie, pngBomb(2000))
    expect(res.statusCode).toBe(201)
    expect(await sharp(stored(res.json().url)).metadata()).toMatchObject({ width: 2000, height: 2000 })
  })

  it('stores a photo without its EXIF (GPS, camera), turned upright by its orientation', async () => {
    const photo = await photoWithGps()
    const sent = await sharp(photo).metadata()
    expect(sent).toMatchObject({ width: 40, height: 20, orientation: 6 })
    expect(hasExif(photo)).toBe(true)

    const res = await uploadImage(writer.cookie, photo, 'holiday.jpg', 'image/jpeg')
    expect(res.statusCode).toBe(201)
    const bytes = stored(res.json().url)
    expect(hasExif(bytes)).toBe(false)
    const kept = await sharp(bytes).metadata()
    expect(kept).toMatchObject({ format: 'jpeg', width: 20, height: 40 })
    expect(kept.exif).toBeUndefined()
    expect(kept.orientation).toBeUndefined()
  })
})
