import { z } from 'zod'
import { FLASHCARD_BACK_MAX_LENGTH, FLASHCARD_FRONT_MAX_LENGTH, FLASHCARDS_MAX } from '../constants.ts'
import { text, Uuid } from './fields.ts'

// A lesson's "Key ideas" (issue 30, decision 052): flashcards its writer keeps with an academic
// post, which a reader adds to their practice with one click. Saved as a whole list, in order.

/** One card as the writer writes it: an id when it already exists (an edit keeps its readers' schedule). */
export const FlashcardInput = z.object({
  id: Uuid('Unknown card').optional(),
  front: text('Write the front of the card').max(
    FLASHCARD_FRONT_MAX_LENGTH,
    `Keep the front under ${FLASHCARD_FRONT_MAX_LENGTH} characters`,
  ),
  back: text('Write the back of the card').max(
    FLASHCARD_BACK_MAX_LENGTH,
    `Keep the back under ${FLASHCARD_BACK_MAX_LENGTH} characters`,
  ),
})
export type FlashcardInput = z.infer<typeof FlashcardInput>

/** PUT /api/posts/:id/key-ideas: the lesson's whole list, in order; cards left out are deleted. */
export const SaveFlashcardsInput = z.object({
  cards: z
    .array(FlashcardInput, 'Send the list of cards')
    .max(FLASHCARDS_MAX, `A lesson has at most ${FLASHCARDS_MAX} Key ideas`)
    .refine((cards) => {
      const ids = cards.flatMap((c) => (c.id ? [c.id] : []))
      return new Set(ids).size === ids.length
    }, 'A card appears twice in the list'),
})
export type SaveFlashcardsInput = z.infer<typeof SaveFlashcardsInput>

export const Flashcard = z.object({
  id: z.string(),
  front: z.string(),
  back: z.string(),
})
export type Flashcard = z.infer<typeof Flashcard>

/**
 * GET /api/posts/:id/key-ideas: the cards, in order; none while the lesson's body is locked to
 * this reader (a subscribers-only lesson keeps its Key ideas with its body).
 */
export const LessonFlashcards = z.object({
  cards: z.array(Flashcard),
  locked: z.boolean(),
})
export type LessonFlashcards = z.infer<typeof LessonFlashcards>
