import { postPath } from '#common/paths.ts'
import type { PostCard, PublicPost } from '#common/schemas/posts.ts'
import { postApiPath } from '#web/data/posts.ts'
import { KEPT_POSTS_KEY, markKeptPage, readKept, storeKept, writeKept } from './kept-store.ts'
import { KEPT_CACHE } from './kept-worker.ts'

// Save for later (decision 056): a post on the reader's reading list is kept on this device, in the
// same cache as kept books: the post as its page reads it (the exact API address), its cover, and
// its page's address as a marker. Only a body the reader may read is kept: a subscribers-only post
// locked to them stays on the list but not on the device.

export interface KeptPost {
  id: string
  /** Who kept it: another person signing in here does not read it. */
  userId: string
  authorId: string
  slug: string
  title: string
  bytes: number
  keptAt: string
  coverImage: string | null
}

/** What keeping needs of a post: its card or its page. */
export type KeepablePost = Pick<PostCard, 'id' | 'slug' | 'title' | 'coverImage'> & { author: { id: string } }

export const readKeptPosts = () => readKept<KeptPost>(KEPT_POSTS_KEY)
const writeKeptPosts = (kept: KeptPost[]) => writeKept(KEPT_POSTS_KEY, kept)

/** Every address a kept post answers at, absolute: its API read, its page (a marker), its cover. */
function addressesOf(authorId: string, slug: string, coverImage: string | null) {
  const origin = window.location.origin
  const api = origin + postApiPath(authorId, slug)
  const page = origin + postPath(authorId, slug)
  return coverImage?.startsWith('/') ? [api, page, origin + coverImage] : [api, page]
}

async function fetchForKeeping(url: string): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' })
  if (!response.ok) throw new Error('The post could not be kept offline: check the connection and try again')
  return response
}

/**
 * Keeps `post` for `userId` as the server sends it to them now. Answers what was kept, or null when
 * nothing can be (no Cache Storage, or a body locked to this reader). On a failure nothing stays.
 */
export async function keepPost(post: KeepablePost, userId: string): Promise<KeptPost | null> {
  if (typeof caches === 'undefined') return null
  const cache = await caches.open(KEPT_CACHE)
  const [api, page] = addressesOf(post.author.id, post.slug, null)
  const response = await fetchForKeeping(api)
  const read: PublicPost = await response.clone().json()
  if (read.locked) return null
  const addresses = addressesOf(post.author.id, post.slug, read.coverImage)
  const cover = addresses[2]
  try {
    let bytes = await storeKept(cache, api, response)
    if (cover) bytes += await storeKept(cache, cover, await fetchForKeeping(cover))
    await markKeptPage(cache, page)
    const kept: KeptPost = {
      id: read.id,
      userId,
      authorId: post.author.id,
      slug: post.slug,
      title: read.title,
      bytes,
      keptAt: new Date().toISOString(),
      coverImage: read.coverImage,
    }
    writeKeptPosts([...readKeptPosts().filter((p) => p.id !== read.id), kept])
    return kept
  } catch (error) {
    await Promise.all(addresses.map((url) => cache.delete(url)))
    throw error
  }
}

/** Takes one kept post off the device: its read, its cover, its page's marker and its index entry. */
export async function removeKeptPost(postId: string): Promise<void> {
  const entry = readKeptPosts().find((p) => p.id === postId)
  if (!entry) return
  if (typeof caches !== 'undefined') {
    const cache = await caches.open(KEPT_CACHE)
    const addresses = addressesOf(entry.authorId, entry.slug, entry.coverImage)
    await Promise.all(addresses.map((url) => cache.delete(url)))
  }
  writeKeptPosts(readKeptPosts().filter((p) => p.id !== postId))
}

/** The kept posts to drop: off the list, locked to the reader now, or kept by someone else. */
export const keptPostsToDrop = (kept: KeptPost[], userId: string, readable: ReadonlyMap<string, boolean>) =>
  kept.filter((p) => p.userId !== userId || !readable.get(p.id))

/**
 * On start and when the network returns: posts no longer on `userId`'s list, whose body they may no
 * longer read (a subscription ended), or kept by someone else, leave the device. `listed` reads the
 * list: each saved post and whether its body is the reader's.
 */
export async function syncKeptPosts(
  userId: string,
  listed: () => Promise<Map<string, boolean>>,
): Promise<number> {
  const kept = readKeptPosts()
  if (!kept.length) return 0
  const drop = keptPostsToDrop(kept, userId, await listed())
  for (const post of drop) await removeKeptPost(post.id)
  return drop.length
}
