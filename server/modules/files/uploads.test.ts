import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_MAX_BYTES } from '#common/constants.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
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
    expect(served.rawPayload).toEqual(PNG_1PX)
  })
})
