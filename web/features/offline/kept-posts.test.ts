import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { publicPost } from '#web/test/builders.ts'
import { fakeCaches, keptPaths, stores } from '#web/test/fake-caches.ts'
import { errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { keepPost, readKeptPosts, removeKeptPost, syncKeptPosts } from './kept-posts.ts'
import { KEPT_CACHE } from './kept-worker.ts'

const POST_API = '/api/posts/by/writer-1/newtons-laws'
const COVER = '/api/files/images/apple.png'
const withCover = publicPost({ coverImage: COVER })
const kept = () => keptPaths(KEPT_CACHE).sort()

beforeEach(() => {
  stores.clear()
  localStorage.clear()
  vi.stubGlobal('caches', fakeCaches)
})
afterEach(() => localStorage.clear())

describe('keepPost', () => {
  it('keeps the post’s read at its page’s address, its cover and its page’s marker, and takes them off again', async () => {
    stubFetch({ [POST_API]: jsonResponse(withCover), [COVER]: new Response('png-bytes') })
    const entry = await keepPost(withCover, 'u1')
    expect(entry).toMatchObject({
      id: withCover.id,
      userId: 'u1',
      authorId: 'writer-1',
      slug: 'newtons-laws',
    })
    expect(entry?.bytes).toBeGreaterThan(9)
    expect(kept()).toEqual([COVER, POST_API, '/learn/writer-1/newtons-laws'].sort())
    const stored = await stores.get(KEPT_CACHE)?.match(`${window.location.origin}${POST_API}`)
    expect(await stored?.json()).toMatchObject({ bodyHtml: withCover.bodyHtml })
    expect(readKeptPosts().map((p) => p.id)).toEqual([withCover.id])

    await removeKeptPost(withCover.id)
    expect(kept()).toEqual([])
    expect(readKeptPosts()).toEqual([])
  })

  it('keeps nothing of a body locked to the reader', async () => {
    const locked = publicPost({ access: 'subscribers', locked: true, bodyHtml: null })
    stubFetch({ [POST_API]: jsonResponse(locked) })
    expect(await keepPost(locked, 'u1')).toBeNull()
    expect(kept()).toEqual([])
    expect(readKeptPosts()).toEqual([])
  })

  it('leaves nothing behind when the cover cannot be fetched', async () => {
    stubFetch({ [POST_API]: jsonResponse(withCover), [COVER]: errorResponse(500, 'internal', 'Down') })
    await expect(keepPost(withCover, 'u1')).rejects.toThrow('could not be kept offline')
    expect(kept()).toEqual([])
    expect(readKeptPosts()).toEqual([])
  })

  it('on sync, drops posts off the list, locked now, or kept by someone else', async () => {
    const other = publicPost({ id: '6f1c1f9e-0000-4000-8000-0000000000b2', slug: 'second' })
    stubFetch({
      [POST_API]: jsonResponse(publicPost()),
      '/api/posts/by/writer-1/second': jsonResponse(other),
    })
    await keepPost(publicPost(), 'u1')
    await keepPost(other, 'u1')
    expect(await syncKeptPosts('u1', async () => new Map([[other.id, true]]))).toBe(1)
    expect(readKeptPosts().map((p) => p.id)).toEqual([other.id])
    expect(await syncKeptPosts('u1', async () => new Map([[other.id, false]]))).toBe(1)
    expect(kept()).toEqual([])
  })
})
