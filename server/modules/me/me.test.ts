import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_MAX_BYTES } from '#common/constants.ts'
import { profile, user } from '#server/db/schema/index.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { photoWithGps } from '#server/test/images.ts'
import { PNG_1PX, uploadAvatar } from '#server/test/upload.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function rowsOf(id: string) {
  const [u] = await t.database.db.select().from(user).where(eq(user.id, id))
  const [p] = await t.database.db.select().from(profile).where(eq(profile.userId, id))
  return { user: u, profile: p }
}

const avatarDir = () => path.join(t.config.dataDir, 'uploads', 'avatars')
const storedAvatars = () => (fs.existsSync(avatarDir()) ? fs.readdirSync(avatarDir()).sort() : [])
const fileOf = (url: string) => path.join(t.config.dataDir, 'uploads', url.replace('/api/files/', ''))

const getMe = (cookie?: string) => t.request({ method: 'GET', url: '/api/me', cookie })
const patchMe = (cookie: string | undefined, body: unknown) =>
  t.request({ method: 'PATCH', url: '/api/me', body, cookie })
const welcome = (cookie: string | undefined, body: unknown) =>
  t.request({ method: 'POST', url: '/api/me/welcome', body, cookie })

describe('GET /api/me', () => {
  it('answers 401 when signed out', async () => {
    const res = await getMe()
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue' } })
  })

  it("shows the signed-in person's own profile, role user by default, and nothing more", async () => {
    const person = await createUser(t, { name: 'Grace Okafor' })
    const res = await getMe(person.cookie)
    expect(res.statusCode).toBe(200)
    const me = res.json()
    expect(me).toEqual({
      id: person.id,
      name: 'Grace Okafor',
      email: person.email,
      emailVerified: false,
      image: null,
      role: 'user',
      bio: '',
      intent: null,
      interests: [],
      links: [],
      onboarded: false,
      createdAt: expect.any(String),
    })
    expect(Date.parse(me.createdAt)).not.toBeNaN()
  })

  it('shows admin for an admin', async () => {
    const admin = await createUser(t, { role: 'admin' })
    expect((await getMe(admin.cookie)).json().role).toBe('admin')
  })

  it('answers 404 when the profile row is missing', async () => {
    const person = await createUser(t)
    await t.database.db.delete(profile).where(eq(profile.userId, person.id))
    const res = await getMe(person.cookie)
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('not_found')
  })
})

describe('PATCH /api/me', () => {
  let person: TestUser
  let bystander: TestUser
  beforeAll(async () => {
    person = await createUser(t, { name: 'Patch Person' })
    bystander = await createUser(t, { name: 'Bystander' })
  })

  it('answers 401 when signed out, even with bad input', async () => {
    expect((await patchMe(undefined, { bio: 'x'.repeat(501) })).statusCode).toBe(401)
    expect((await patchMe(undefined, { bio: 'hello' })).statusCode).toBe(401)
  })

  it('answers 400 with a message per field and writes nothing', async () => {
    const before = await rowsOf(person.id)
    const res = await patchMe(person.cookie, {
      name: '   ',
      bio: 'x'.repeat(501),
      intent: 'lurk',
      links: ['https://fine.example', 'javascript:alert(1)'],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Some fields need your attention',
        fields: {
          name: 'Enter your name',
          bio: 'Keep your bio under 500 characters',
          intent: 'Choose what you are here for',
          'links.1': 'Enter a full link starting with https:// or http://',
        },
      },
    })
    expect(await rowsOf(person.id)).toEqual(before)
  })

  it.each([
    ['a link that is not a web address', { links: ['ftp://files.example/me'] }, 'links.0'],
    [
      'more than 5 links',
      { links: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`) },
      'links',
    ],
    ['more than 20 interests', { interests: Array.from({ length: 21 }, (_, i) => `s${i}`) }, 'interests'],
    ['a name over 80 characters', { name: 'x'.repeat(81) }, 'name'],
    ['an interest that is not a subject', { interests: ['physics', 'astrology'] }, 'interests'],
  ])('refuses %s', async (_, body, field) => {
    const before = await rowsOf(person.id)
    const res = await patchMe(person.cookie, body)
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().error.fields)).toEqual([field])
    expect(await rowsOf(person.id)).toEqual(before)
  })

  it('saves the fields sent (trimmed), keeps the others, and touches nobody else', async () => {
    const bystanderBefore = await rowsOf(bystander.id)
    const res = await patchMe(person.cookie, {
      name: '  Patched Name ',
      bio: ' Writes about waves. ',
      intent: 'write',
      interests: ['physics'],
      links: ['https://example.com/me'],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'Patched Name',
      bio: 'Writes about waves.',
      intent: 'write',
      interests: ['physics'],
      links: ['https://example.com/me'],
    })
    const after = await rowsOf(person.id)
    expect(after.user.name).toBe('Patched Name')
    expect(after.profile).toMatchObject({
      bio: 'Writes about waves.',
      intent: 'write',
      links: ['https://example.com/me'],
    })

    const partial = await patchMe(person.cookie, { bio: 'Only the bio' })
    expect(partial.statusCode).toBe(200)
    expect(partial.json()).toMatchObject({ name: 'Patched Name', bio: 'Only the bio', intent: 'write' })
    expect(await rowsOf(bystander.id)).toEqual(bystanderBefore)
    expect((await getMe(person.cookie)).json().bio).toBe('Only the bio')
  })
})

describe('POST /api/me/welcome', () => {
  const complete = { name: 'Wanjiru', bio: 'I read history.', intent: 'read', interests: ['history'] }

  it('answers 401 when signed out', async () => {
    expect((await welcome(undefined, complete)).statusCode).toBe(401)
  })

  it('answers 400 when a step is missing and leaves the person not onboarded', async () => {
    const person = await createUser(t)
    const before = await rowsOf(person.id)
    const res = await welcome(person.cookie, { name: '', bio: 'x', interests: [] })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({
      name: 'Enter your name',
      intent: 'Choose what you are here for',
    })
    expect(await rowsOf(person.id)).toEqual(before)
    expect((await getMe(person.cookie)).json().onboarded).toBe(false)
  })

  it('refuses interests that are not subjects, writing nothing', async () => {
    const person = await createUser(t)
    const before = await rowsOf(person.id)
    const res = await welcome(person.cookie, { ...complete, interests: ['history', 'not-a-subject'] })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ interests: 'Choose subjects from the list' })
    expect(await rowsOf(person.id)).toEqual(before)
  })

  it('saves the answers and marks the person onboarded', async () => {
    const person = await createUser(t)
    const res = await welcome(person.cookie, complete)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ ...complete, onboarded: true })
    const after = await rowsOf(person.id)
    expect(after.user.name).toBe('Wanjiru')
    expect(after.profile.onboardedAt).toBeInstanceOf(Date)
  })
})

describe('a finished profile stops asking to be finished', () => {
  const notifications = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/notifications', cookie })).json() as {
      items: { kind: string; isRead: boolean }[]
      unreadCount: number
    }
  const welcomeRead = async (cookie: string) =>
    (await notifications(cookie)).items.find((n) => n.kind === 'welcome')?.isRead

  it('the welcome step reads the "Finish your profile" notification', async () => {
    const person = await createUser(t)
    expect(await welcomeRead(person.cookie)).toBe(false)
    const res = await welcome(person.cookie, {
      name: 'Wanjiru',
      bio: 'I read.',
      intent: 'read',
      interests: [],
    })
    expect(res.statusCode).toBe(200)
    expect(await welcomeRead(person.cookie)).toBe(true)
    expect((await notifications(person.cookie)).unreadCount).toBe(0)
  })

  it('a bio and a picture from Settings finish it too, whichever comes last', async () => {
    const bioLast = await createUser(t)
    expect((await uploadAvatar(t, bioLast.cookie, PNG_1PX)).json().onboarded).toBe(false)
    expect(await welcomeRead(bioLast.cookie)).toBe(false)
    const patched = await patchMe(bioLast.cookie, { bio: 'I write about tides.' })
    expect(patched.json().onboarded).toBe(true)
    expect(await welcomeRead(bioLast.cookie)).toBe(true)

    const pictureLast = await createUser(t)
    expect((await patchMe(pictureLast.cookie, { bio: 'I write about tides.' })).json().onboarded).toBe(false)
    expect((await uploadAvatar(t, pictureLast.cookie, PNG_1PX)).json().onboarded).toBe(true)
    expect(await welcomeRead(pictureLast.cookie)).toBe(true)
  })

  it('a bio alone, or an emptied bio, does not', async () => {
    const person = await createUser(t)
    expect((await patchMe(person.cookie, { bio: 'Only words.' })).json().onboarded).toBe(false)
    expect((await patchMe(person.cookie, { bio: '' })).json().onboarded).toBe(false)
    expect((await uploadAvatar(t, person.cookie, PNG_1PX)).json().onboarded).toBe(false)
    expect(await welcomeRead(person.cookie)).toBe(false)
  })
})

describe('PUT /api/me/avatar', () => {
  let person: TestUser
  beforeAll(async () => {
    person = await createUser(t)
  })

  it('answers 401 when signed out and stores nothing', async () => {
    const before = storedAvatars()
    const res = await uploadAvatar(t, undefined, PNG_1PX)
    expect(res.statusCode).toBe(401)
    expect(storedAvatars()).toEqual(before)
  })

  it.each([
    ['a text file named .png', Buffer.from('just some text, honestly'), 'notes.png', 'image/png'],
    [
      'an SVG image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'a.pdf', 'application/pdf'],
  ])('refuses %s by its bytes (415) and stores nothing', async (_, bytes, filename, type) => {
    const before = storedAvatars()
    const res = await uploadAvatar(t, person.cookie, bytes, filename, type)
    expect(res.statusCode).toBe(415)
    expect(res.json().error).toMatchObject({
      code: 'unsupported_media_type',
      fields: { file: 'This file is not a PNG, JPEG or WebP image' },
    })
    expect(storedAvatars()).toEqual(before)
    expect((await rowsOf(person.id)).user.image).toBeNull()
  })

  it('refuses a file over 5 MB (413) and stores nothing', async () => {
    const before = storedAvatars()
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(IMAGE_MAX_BYTES + 1 - PNG_1PX.length)])
    const res = await uploadAvatar(t, person.cookie, big)
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toMatchObject({ code: 'payload_too_large', fields: { file: 'At most 5 MB' } })
    expect(storedAvatars()).toEqual(before)
    expect((await rowsOf(person.id)).user.image).toBeNull()
  })

  it('refuses an empty file and a request that is not a file upload', async () => {
    const empty = await uploadAvatar(t, person.cookie, Buffer.alloc(0))
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.fields).toEqual({ file: 'Choose an image' })

    const json = await t.request({
      method: 'PUT',
      url: '/api/me/avatar',
      body: { file: 'x' },
      cookie: person.cookie,
    })
    expect(json.statusCode).toBe(400)
    expect(json.json().error.fields).toEqual({ file: 'Choose a file' })

    const noFile = await t.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: {
        origin: TEST_ORIGIN,
        cookie: person.cookie,
        'content-type': 'multipart/form-data; boundary=abc',
      },
      payload: '--abc\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--abc--\r\n',
    })
    expect(noFile.statusCode).toBe(400)
    expect((await rowsOf(person.id)).user.image).toBeNull()
  })

  it('stores a PNG under a generated name and serves it as an inert image', async () => {
    const res = await uploadAvatar(t, person.cookie, PNG_1PX, 'my face.png')
    expect(res.statusCode).toBe(200)
    const image = res.json().image as string
    expect(image).toMatch(/^\/api\/files\/avatars\/[0-9a-f-]{36}\.png$/)
    expect((await rowsOf(person.id)).user.image).toBe(image)
    // Stored as a fresh encoding of its pixels (decision 036), not the bytes as sent.
    const stored = fs.readFileSync(fileOf(image))
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 })

    const served = await t.app.inject({ method: 'GET', url: image })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(served.headers['content-disposition']).toBe('inline')
    expect(served.rawPayload).toEqual(stored)
  })

  it('names the file by its bytes, not by the name it was sent with', async () => {
    const other = await createUser(t)
    const res = await uploadAvatar(t, other.cookie, await photoWithGps(), 'photo.png', 'image/png')
    expect(res.statusCode).toBe(200)
    expect(res.json().image).toMatch(/\.jpg$/)
    const served = await t.app.inject({ method: 'GET', url: res.json().image })
    expect(served.headers['content-type']).toBe('image/jpeg')
  })

  it('deletes the old file when the picture is replaced', async () => {
    const first = (await uploadAvatar(t, person.cookie, PNG_1PX)).json().image as string
    const second = await uploadAvatar(t, person.cookie, PNG_1PX)
    expect(second.statusCode).toBe(200)
    const image = second.json().image as string
    expect(image).not.toBe(first)
    expect(fs.existsSync(fileOf(first))).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200)
  })
})

describe('DELETE /api/me/avatar', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.request({ method: 'DELETE', url: '/api/me/avatar' })).statusCode).toBe(401)
  })

  it('removes the picture and its file, and is harmless when there is none', async () => {
    const person = await createUser(t)
    const image = (await uploadAvatar(t, person.cookie, PNG_1PX)).json().image as string
    const res = await t.request({ method: 'DELETE', url: '/api/me/avatar', cookie: person.cookie })
    expect(res.statusCode).toBe(200)
    expect(res.json().image).toBeNull()
    expect((await rowsOf(person.id)).user.image).toBeNull()
    expect(fs.existsSync(fileOf(image))).toBe(false)

    const again = await t.request({ method: 'DELETE', url: '/api/me/avatar', cookie: person.cookie })
    expect(again.statusCode).toBe(200)
    expect(again.json().image).toBeNull()
  })
})

describe('GET /api/files/:folder/:name', () => {
  it('answers 404 for a file that does not exist', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/files/avatars/00000000-0000-0000-0000-000000000000.png',
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('not_found')
  })

  it.each([
    '/api/files/avatars/..%2F..%2Fserver.pid',
    '/api/files/avatars/x.png%00.html',
    '/api/files/Avatars/x.png',
    '/api/files/avatars/a.b.png',
  ])('refuses a name outside the storage rules: %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('bad_request')
  })
})
