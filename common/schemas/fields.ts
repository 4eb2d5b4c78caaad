import { z } from 'zod'
import {
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts'

// Field schemas reused by every domain, with messages written for the person filling the form.

// Characters that show nothing: white space, zero-width and joiner characters, direction marks,
// the soft hyphen, fillers (Hangul, Braille blank), the BOM and tag characters. A title made of
// them looks empty and is empty.
const INVISIBLE =
  '\\s\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u2800\\u3164\\uFEFF\\uFFA0\\u{E0000}-\\u{E007F}'
const INVISIBLE_EDGES = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'gu')
// Variation selectors only dress the character before them (the emoji in "❤️"): kept at the end,
// but they do not make text visible on their own.
const NOTHING_VISIBLE = new RegExp(`^[${INVISIBLE}\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}]*$`, 'u')

/** Trims white space and invisible characters from both ends. */
export const trimInvisible = (value: string) => value.replace(INVISIBLE_EDGES, '')

/** Whether anything in `value` shows once invisible characters are set aside. */
export const hasVisibleText = (value: string) => !NOTHING_VISIBLE.test(value)

/**
 * Text a person types, trimmed of white space and invisible characters at both ends. With a
 * `required` message it must show something; chain `.max()` (and `.min()`) as on any string.
 */
export function text(required?: string) {
  const trimmed = z.string(required).overwrite(trimInvisible)
  return required ? trimmed.refine(hasVisibleText, required) : trimmed
}

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address')
  .max(EMAIL_MAX_LENGTH, 'That e-mail address is too long')
  .pipe(z.email('Enter a valid e-mail address'))

export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`)

export const PersonName = text('Enter your name').max(
  NAME_MAX_LENGTH,
  `Keep it under ${NAME_MAX_LENGTH} characters`,
)

export const Bio = text().max(BIO_MAX_LENGTH, `Keep your bio under ${BIO_MAX_LENGTH} characters`)

/**
 * An id (every id is a UUID, users' included): parsed as one and kept in its canonical lower-case
 * form, so `9BA7…` and `9ba7…` are one id wherever they are stored or compared.
 */
export const Uuid = (message = 'Unknown id') => z.uuid(message).toLowerCase()

export const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
})

/** What an answer with no content (204) reads as. */
export const NoContent = z.null()

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() })
}

/**
 * A whole number in a JSON body (chain .min/.max). Not z.coerce, which stores `true` as 1 and
 * `[5]` as 5: anything but a number is refused with `required`. Forms send numbers too
 * (react-hook-form's `valueAsNumber`; an empty box is NaN, refused with `required`). Query
 * strings are text and keep z.coerce.
 */
export const wholeNumber = (required: string, whole: string) => z.number({ error: required }).int(whole)
