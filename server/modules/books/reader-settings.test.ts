import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

let t: TestApp
let ann: TestUser
let ben: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  ann = await createUser(t, { name: 'Ann Reader' })
  ben = await createUser(t, { name: 'Ben Reader' })
})
afterAll(() => t.close())

const URL = '/api/me/reader-settings'
const get = (user?: TestUser) => t.request({ method: 'GET', url: URL, cookie: user?.cookie })
const put = (body: unknown, user?: TestUser) =>
  t.request({ method: 'PUT', url: URL, cookie: user?.cookie, body })

describe('/api/me/reader-settings', () => {
  it('is for the signed in', async () => {
    expect((await get()).statusCode).toBe(401)
    expect((await put({ fontStep: 2, theme: 'dark', width: 'wide' })).statusCode).toBe(401)
  })

  it('refuses a bad setting with a field message and keeps what was there', async () => {
    expect((await put({ fontStep: 2, theme: 'sepia', width: 'narrow' }, ann)).statusCode).toBe(200)
    const cases: Array<[unknown, string]> = [
      [{ fontStep: 9, theme: 'dark', width: 'wide' }, 'fontStep'],
      [{ fontStep: 1.5, theme: 'dark', width: 'wide' }, 'fontStep'],
      [{ fontStep: true, theme: 'dark', width: 'wide' }, 'fontStep'],
      [{ fontStep: 1, theme: 'neon', width: 'wide' }, 'theme'],
      [{ fontStep: 1, theme: 'dark' }, 'width'],
    ]
    for (const [body, field] of cases) {
      const res = await put(body, ann)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error.fields[field], JSON.stringify(body)).toBeTruthy()
    }
    expect((await put({ fontStep: 1, theme: 'dark', width: 'wide', colour: 'red' }, ann)).statusCode).toBe(
      400,
    )
    expect((await get(ann)).json()).toEqual({ settings: { fontStep: 2, theme: 'sepia', width: 'narrow' } })
  })

  it('keeps each person’s own, and answers null until they first change one', async () => {
    expect((await get(ben)).json()).toEqual({ settings: null })
    const saved = await put({ fontStep: 4, theme: 'dark', width: 'medium' }, ben)
    expect(saved.json()).toEqual({ settings: { fontStep: 4, theme: 'dark', width: 'medium' } })
    expect((await get(ben)).json()).toEqual({ settings: { fontStep: 4, theme: 'dark', width: 'medium' } })
    expect((await get(ann)).json().settings.theme).toBe('sepia')
  })
})
