import type { FieldErrors, FieldPath, Resolver } from 'react-hook-form'
import { BOOK_PRICE_MAX, BOOK_PRICE_MIN } from '#common/constants.ts'
import { type AuthorBook, type BookCategory, SaveBookInput } from '#common/schemas/books.ts'
import { centsToDollars, dollarsToCents } from './price.ts'

// The book details form's values: as the writer types them (the price in dollars), to and from
// the API's shape, checked by the shared schema with the price's messages in dollars.

/** The form as the writer fills it: the price in dollars as typed, the preview count as typed. */
export interface DetailsValues {
  title: string
  subtitle: string
  description: string
  coverImage: string | null
  category: BookCategory
  subjectSlug: string | null
  language: string
  pricing: 'free' | 'paid'
  price: string
  previewChapters: string
}

/** The languages books are written in most; the tag is what the API stores. */
export const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['ar', 'Arabic'],
  ['zh', 'Chinese'],
  ['nl', 'Dutch'],
  ['fr', 'French'],
  ['de', 'German'],
  ['hi', 'Hindi'],
  ['id', 'Indonesian'],
  ['it', 'Italian'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['pl', 'Polish'],
  ['pt', 'Portuguese'],
  ['ru', 'Russian'],
  ['es', 'Spanish'],
  ['sw', 'Swahili'],
  ['tr', 'Turkish'],
  ['uk', 'Ukrainian'],
  ['ur', 'Urdu'],
  ['vi', 'Vietnamese'],
]

const FIELDS: FieldPath<DetailsValues>[] = [
  'title',
  'subtitle',
  'description',
  'coverImage',
  'category',
  'subjectSlug',
  'language',
  'price',
  'previewChapters',
]
/** The form field an API field message belongs under. */
export const fieldOf = (key: string) => FIELDS.find((name) => name === key.split('.')[0])

export const detailsOf = (book: AuthorBook | null): DetailsValues => ({
  title: book?.title ?? '',
  subtitle: book?.subtitle ?? '',
  description: book?.description ?? '',
  coverImage: book?.coverImage ?? null,
  category: book?.category ?? 'fiction',
  subjectSlug: book?.subjectSlug ?? null,
  language: book?.language ?? 'en',
  pricing: book && book.price > 0 ? 'paid' : 'free',
  price: centsToDollars(book?.price ?? 0),
  previewChapters: String(book?.previewChapters ?? 1),
})

/** The paid price range, in dollars, as messages say it. */
export const RANGE = `${centsToDollars(BOOK_PRICE_MIN)} and ${centsToDollars(BOOK_PRICE_MAX)}`

/** What the API takes, and the price's own problem when what was typed is not dollars and cents. */
export function toBookInput(values: DetailsValues): { input: unknown; priceProblem: string | null } {
  const cents = values.pricing === 'paid' ? dollarsToCents(values.price) : 0
  const priceProblem =
    values.pricing === 'paid' && values.price.trim() === ''
      ? `Enter a price between ${RANGE} dollars, or choose Free`
      : cents === null
        ? 'Enter the price in dollars and cents, like 4.99'
        : null
  const preview = values.previewChapters.trim()
  return {
    priceProblem,
    input: {
      title: values.title,
      subtitle: values.subtitle,
      description: values.description,
      coverImage: values.coverImage,
      category: values.category,
      subjectSlug: values.category === 'academic' ? values.subjectSlug : null,
      language: values.language,
      price: cents ?? Number.NaN,
      previewChapters: preview === '' ? Number.NaN : Number(preview),
    },
  }
}

/** The shared schema checks the fields; the price's messages speak in dollars. */
export const detailsResolver: Resolver<DetailsValues, unknown, SaveBookInput> = async (values) => {
  const { input, priceProblem } = toBookInput(values)
  const parsed = SaveBookInput.safeParse(input)
  const errors: FieldErrors<DetailsValues> = {}
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOf(String(issue.path[0] ?? ''))
      if (field && !errors[field]) errors[field] = { type: 'validate', message: issue.message }
    }
  if (priceProblem) errors.price = { type: 'validate', message: priceProblem }
  if (parsed.success && !priceProblem) return { values: parsed.data, errors: {} }
  return { values: {}, errors }
}
