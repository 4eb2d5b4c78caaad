import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('GET /api/subjects', () => {
  it('lists the seeded subjects to anyone, academic first, each kind by name', async () => {
    const res = await t.request({ method: 'GET', url: '/api/subjects' })
    expect(res.statusCode).toBe(200)
    const subjects = res.json() as Array<{ slug: string; name: string; kind: string }>
    expect(subjects).toHaveLength(13)
    expect(subjects[0]).toEqual({ slug: 'biology', name: 'Biology', kind: 'academic' })
    expect(subjects.map((s) => s.kind)).toEqual([...Array(10).fill('academic'), ...Array(3).fill('general')])
    const academic = subjects.filter((s) => s.kind === 'academic').map((s) => s.name)
    expect(academic).toEqual([...academic].sort())
    expect(subjects.find((s) => s.slug === 'true-stories')).toEqual({
      slug: 'true-stories',
      name: 'True Stories',
      kind: 'general',
    })
  })
})
