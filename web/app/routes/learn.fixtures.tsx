// What the reader's tests share (learn.test.tsx, learn-map.test.tsx): its requests and a render.
import type { Comment } from '#common/schemas/comments.ts'
import type { PostNeighbours } from '#common/schemas/posts.ts'
import { publicPost } from '#web/test/builders.ts'
import { jsonResponse } from '#web/test/fetch.ts'
import { renderRoutes } from '#web/test/render.tsx'
import Learn from './learn.tsx'

export const POST_PATH = '/api/posts/by/writer-1/newtons-laws'
export const POST_ID = '6f1c1f9e-0000-4000-8000-0000000000a1'
export const COMMENTS_PATH = `/api/posts/${POST_ID}/comments`
const AROUND_PATH = `/api/posts/${POST_ID}/around`
const NO_NEIGHBOURS: PostNeighbours = { previous: null, next: null, moreFromWriter: [] }

/** The reader's requests: the post, its comments (none by default), its neighbours, the view it records. */
export const readerRoutes = (post = publicPost(), comments: Comment[] = [], around = NO_NEIGHBOURS) => ({
  [POST_PATH]: jsonResponse(post),
  [COMMENTS_PATH]: jsonResponse({ items: comments, nextCursor: null }),
  [AROUND_PATH]: jsonResponse(around),
  [`POST /api/posts/${POST_ID}/views`]: jsonResponse({ views: post.views + 1 }),
})

/** The reader at the post's address (`hash` included, e.g. '#the-first-law'). */
export const renderLearn = (hash = '') =>
  renderRoutes([{ path: '/learn/:uid/:topic', element: <Learn /> }], `/learn/writer-1/newtons-laws${hash}`)
