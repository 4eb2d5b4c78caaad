import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('GET /api/health', () => {
  it('answers ok with the database driver in use', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: process.env.TEST_DB_DRIVER })
  })

  it('answers unknown API paths with the error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'No such endpoint: GET /api/nothing-here' },
    })
  })
})
