import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { TEST_ORIGIN, type TestApp } from './app.ts'

/** A real 1×1 transparent PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** A multipart/form-data body with one file field, built by hand the way a browser sends it. */
export function multipartBody(file: {
  field?: string
  filename: string
  contentType: string
  bytes: Buffer
}) {
  const boundary = `----inkwell-test-${randomUUID()}`
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, file.bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/** PUT /api/me/avatar with a file, like the settings page does. */
export function uploadAvatar(
  t: TestApp,
  cookie: string | undefined,
  bytes: Buffer,
  filename = 'me.png',
  contentType = 'image/png',
): Promise<LightMyRequestResponse> {
  const body = multipartBody({ filename, contentType, bytes })
  return t.app.inject({
    method: 'PUT',
    url: '/api/me/avatar',
    headers: { origin: TEST_ORIGIN, 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  })
}
