import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import type { BookCategory } from '#common/schemas/books.ts'
import { CATEGORY_TINTS } from '#web/components/category-style.ts'
import { subjectLabel } from '#web/data/subjects.ts'

interface BookCoverProps {
  book: {
    title: string
    coverImage: string | null
    category: BookCategory
    subjectSlug: string | null
    author: { name: string }
  }
  /** `sm` on a shelf row, `md` in the catalogue, `lg` on the book page. */
  size?: 'sm' | 'md' | 'lg'
  className?: string
}

const TITLE_SIZE = {
  sm: 'text-[0.55rem] leading-tight',
  md: 'text-lg leading-snug',
  lg: 'text-2xl leading-tight',
}

/**
 * A book's cover at 2:3, or one set in type like a real jacket (title, author, category, a spine
 * shadow) when the writer has not uploaded one. Decorative: the title beside it names the book.
 */
export function BookCover({ book, size = 'md', className = '' }: BookCoverProps) {
  const frame = `relative aspect-[2/3] overflow-hidden rounded-md shadow-md ring-1 ring-stone-900/10 ${className}`
  if (book.coverImage)
    return (
      <div className={frame}>
        <img src={book.coverImage} alt="" loading="lazy" className="size-full bg-stone-100 object-cover" />
        <Spine />
      </div>
    )
  const tint = CATEGORY_TINTS[book.category]
  const label = book.subjectSlug ? subjectLabel(book.subjectSlug) : POST_CATEGORY_LABELS[book.category]
  return (
    <div aria-hidden="true" className={`${frame} ${tint.panel} flex flex-col`}>
      <Spine />
      {size === 'sm' ? (
        <span className={`m-auto px-1 text-center font-serif text-xl font-semibold italic ${tint.text}`}>
          {book.title.trim().charAt(0).toUpperCase()}
        </span>
      ) : (
        <div className="flex flex-1 flex-col px-[12%] pt-[14%] pb-[10%] text-center">
          <span
            className={`text-[0.65rem] font-semibold tracking-[0.18em] uppercase ${tint.text} opacity-80`}
          >
            {label}
          </span>
          <span className={`mx-auto mt-3 w-8 border-t border-current/40 ${tint.text}`} />
          <span
            className={`mt-3 line-clamp-5 font-serif font-semibold text-balance break-words ${tint.text} ${TITLE_SIZE[size]}`}
          >
            {book.title}
          </span>
          <span className={`mt-auto line-clamp-2 font-serif text-sm italic ${tint.text}`}>
            {book.author.name}
          </span>
        </div>
      )}
    </div>
  )
}

/** The fold at the left edge that makes a rectangle read as a book. */
function Spine() {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-y-0 left-0 w-[6%] bg-gradient-to-r from-stone-900/20 via-white/20 to-transparent"
    />
  )
}
