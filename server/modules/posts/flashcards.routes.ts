import { LessonFlashcards, SaveFlashcardsInput } from '#common/schemas/flashcards.ts'
import { PostIdParams } from '#common/schemas/posts.ts'
import { actor, readSessionUser, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { readLessonFlashcards, saveLessonFlashcards } from './flashcards.service.ts'

/** A lesson's Key ideas (decision 052): read with the post, saved by its author as one list. */
export function flashcardRoutes(app: App) {
  // Public like the post: the session decides whether a locked lesson's cards are shown.
  app.get(
    '/api/posts/:id/key-ideas',
    {
      schema: {
        operationId: 'getLessonKeyIdeas',
        summary: "Read a lesson's Key ideas (none while its body is locked to me)",
        params: PostIdParams,
        response: { 200: LessonFlashcards },
      },
    },
    async (req) => readLessonFlashcards(app.ctx, await readSessionUser(req), req.params.id),
  )

  app.put(
    '/api/posts/:id/key-ideas',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'saveLessonKeyIdeas',
        summary: "Save my lesson's Key ideas: the whole list, in order",
        params: PostIdParams,
        body: SaveFlashcardsInput,
        response: { 200: LessonFlashcards },
      },
    },
    async (req) => saveLessonFlashcards(app.ctx, actor(req), req.params.id, req.body),
  )
}
