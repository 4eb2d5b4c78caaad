import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { buffer, text } from 'node:stream/consumers'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '#server/test/app.ts'
import { createUser } from '#server/test/factories.ts'
import { PNG_1PX, uploadAvatar } from '#server/test/upload.ts'
import { s3Storage } from './s3-storage.ts'
import { localDiskStorage, type Storage } from './storage.ts'

// Both drivers meet the same contract. S3 is exercised over the real S3 protocol (s3rver, a local
// S3-compatible server) through the official SDK.
const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-storage-'))
  dirs.push(dir)
  return dir
}

let s3server: S3rver
let s3Endpoint = ''
beforeAll(async () => {
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: tempDir(),
    configureBuckets: [{ name: 'inkwell', configs: [] }],
  })
  const address = (await s3server.run()) as AddressInfo
  s3Endpoint = `http://127.0.0.1:${address.port}`
})
afterAll(async () => {
  await s3server.close()
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

const bucket = () => ({
  bucket: 'inkwell',
  region: 'us-east-1',
  endpoint: s3Endpoint,
  forcePathStyle: true,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
})

const drivers: Array<[string, () => Storage]> = [
  ['local disk', () => localDiskStorage(tempDir())],
  ['s3', () => s3Storage(bucket())],
]

it('an app configured for a bucket keeps uploads there and serves them back', async () => {
  const t = await buildTestApp({ storage: { driver: 's3', ...bucket() } })
  try {
    const person = await createUser(t)
    const uploaded = await uploadAvatar(t, person.cookie, PNG_1PX)
    expect(uploaded.statusCode).toBe(200)
    const url = new URL(uploaded.json().image as string, 'http://x').pathname
    const key = url.replace(/^\/api\/files\//, '')
    const stored = await s3Storage(bucket()).get(key)
    expect(stored).not.toBeNull()
    const served = await t.request({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    // What the bucket holds is what is served: the image re-encoded (decision 036), still a PNG.
    expect(served.rawPayload.equals(await buffer(stored!.body))).toBe(true)
    expect(served.rawPayload.subarray(0, 8).equals(PNG_1PX.subarray(0, 8))).toBe(true)
  } finally {
    await t.close()
  }
})

describe.each(drivers)('%s storage', (_name, make) => {
  it('stores, reads back and deletes a file', async () => {
    const storage = make()
    await storage.put('avatars/abc-123.png', Buffer.from('png bytes'), 'image/png')
    const file = await storage.get('avatars/abc-123.png')
    expect(file?.size).toBe(9)
    expect(await text(file!.body)).toBe('png bytes')
    await storage.delete('avatars/abc-123.png')
    expect(await storage.get('avatars/abc-123.png')).toBeNull()
  })

  it('answers null for a missing file and deleting it is harmless', async () => {
    const storage = make()
    expect(await storage.get('avatars/missing-1.png')).toBeNull()
    await expect(storage.delete('avatars/missing-1.png')).resolves.toBeUndefined()
  })

  it('refuses keys it did not generate (no path traversal)', async () => {
    const storage = make()
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'Invalid storage key',
    )
    await expect(storage.get('avatars/../../secret.png')).rejects.toThrow('Invalid storage key')
  })
})
