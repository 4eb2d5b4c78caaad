import { z } from 'zod'
import { QUOTE_CONTEXT } from '../anchoring.ts'
import { PAGE_SIZE_MAX } from '../constants.ts'
import { PageQuery, pageOf, text, Uuid } from './fields.ts'

// Highlights and notes (issue 31, decision 055): a reader's passages of a book chapter or a post,
// each kept by its W3C Web Annotation selectors (common/anchoring.ts), with a colour and an
// optional note. Private: only their owner ever reads them.

export const HIGHLIGHT_COLOURS = ['yellow', 'green', 'blue', 'pink'] as const
export const HighlightColour = z.enum(HIGHLIGHT_COLOURS, 'Choose yellow, green, blue or pink')
export type HighlightColour = z.infer<typeof HighlightColour>

/** A passage is at most this long (a few paragraphs); a note at most this. */
export const HIGHLIGHT_QUOTE_MAX = 5000
export const HIGHLIGHT_NOTE_MAX = 2000
/** Highlights a reader keeps on one chapter or post (the reader draws them all at once). */
export const HIGHLIGHTS_PER_TARGET_MAX = 500
export const HIGHLIGHTS_PAGE_SIZE = 20

const NOTE_TOO_LONG = `Keep the note under ${HIGHLIGHT_NOTE_MAX} characters`
/** A note: trimmed; empty or null is none. */
const Note = text().max(HIGHLIGHT_NOTE_MAX, NOTE_TOO_LONG).nullable()

// The quote is kept exactly as the text has it (spaces included): never trimmed.
const Context = z.string().max(QUOTE_CONTEXT, 'Too much context')
const Offset = z
  .number('Give a position')
  .int('Give a whole position')
  .min(0, 'Give a position')
  .max(10_000_000)

/** The passage's selectors; `end - start` is the length of `exact`. */
export const HighlightSelectors = z
  .object({
    exact: z
      .string('Select some text')
      .min(1, 'Select some text')
      .max(HIGHLIGHT_QUOTE_MAX, `Highlight at most ${HIGHLIGHT_QUOTE_MAX} characters at once`)
      .refine((s) => s.trim().length > 0, 'Select some text'),
    prefix: Context,
    suffix: Context,
    start: Offset,
    end: Offset,
  })
  .refine((s) => s.end - s.start === s.exact.length, {
    path: ['end'],
    message: 'The position does not match the selected text',
  })
export type HighlightSelectors = z.infer<typeof HighlightSelectors>

/** What is highlighted: one book chapter, or one post. */
export const HighlightTargetInput = z
  .object({
    postId: Uuid('Unknown post').optional(),
    bookId: Uuid('Unknown book').optional(),
    chapterId: Uuid('Unknown chapter').optional(),
  })
  .superRefine((t, issue) => {
    if (t.postId ? !t.bookId && !t.chapterId : t.bookId && t.chapterId) return
    issue.addIssue({
      code: 'custom',
      path: [t.postId ? 'postId' : t.bookId ? 'chapterId' : 'bookId'],
      message: 'Highlight either a post or a book chapter',
    })
  })
export type HighlightTargetInput = z.infer<typeof HighlightTargetInput>

export const CreateHighlightInput = z.object({
  target: HighlightTargetInput,
  selectors: HighlightSelectors,
  colour: HighlightColour.default('yellow'),
  note: Note.optional(),
})
export type CreateHighlightInput = z.infer<typeof CreateHighlightInput>

export const UpdateHighlightInput = z
  .object({ colour: HighlightColour.optional(), note: Note.optional() })
  .refine((u) => u.colour !== undefined || u.note !== undefined, {
    path: ['colour'],
    message: 'Change the colour or the note',
  })
export type UpdateHighlightInput = z.infer<typeof UpdateHighlightInput>

export const HighlightParams = z.object({ highlightId: Uuid('Unknown highlight') })

/** Where a highlight is, as My highlights shows it: the book and chapter, or the post; and its address. */
export const HighlightTarget = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('chapter'),
    bookId: z.string(),
    bookTitle: z.string(),
    chapterId: z.string(),
    chapterTitle: z.string(),
    chapterPosition: z.number().int(),
    link: z.string(),
  }),
  z.object({ kind: z.literal('post'), postId: z.string(), postTitle: z.string(), link: z.string() }),
])
export type HighlightTarget = z.infer<typeof HighlightTarget>

export const Highlight = z.object({
  id: z.string(),
  target: HighlightTarget,
  exact: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  colour: HighlightColour,
  note: z.string().nullable(),
  /** The passage is no longer in the text (edited away): kept and listed, not drawn. */
  orphaned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Highlight = z.infer<typeof Highlight>

/** GET /api/highlights: mine, newest first; by book or post; `q` searches the quotes and notes. */
export const HighlightListQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(HIGHLIGHTS_PAGE_SIZE),
  bookId: Uuid('Unknown book').optional(),
  postId: Uuid('Unknown post').optional(),
  q: z.string().trim().max(200, 'Search for fewer words').optional(),
})
export type HighlightListQuery = z.infer<typeof HighlightListQuery>

export const HighlightPage = pageOf(Highlight)
export type HighlightPage = z.infer<typeof HighlightPage>

/** GET /api/highlights/target: mine on one chapter (bookId + chapterId) or post, in text order. */
export const HighlightTargetQuery = HighlightTargetInput
export const TargetHighlights = z.object({ items: z.array(Highlight) })
export type TargetHighlights = z.infer<typeof TargetHighlights>
