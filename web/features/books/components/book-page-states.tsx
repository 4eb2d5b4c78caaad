import { BookX } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** A book that does not exist, or is not (or no longer) in the store for this reader. */
export function BookNotFound() {
  useDocumentTitle('Book not found')
  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="book-missing-title">
      <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-ink-50 text-ink-700">
        <BookX className="size-7" aria-hidden />
      </div>
      <h1 id="book-missing-title" className="font-serif text-3xl font-semibold">
        This book isn’t in the store
      </h1>
      <p className="mt-3 text-stone-600">
        The link may be mistyped, or the book may not be published yet or have been taken down.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/books">Browse the Books Store</ButtonLink>
      </div>
    </section>
  )
}

/** The book page's shape while it loads, announced once. */
export function BookPageSkeleton() {
  return (
    <div role="status" className="mx-auto min-h-screen max-w-5xl">
      <span className="sr-only">Loading the book…</span>
      <div
        aria-hidden="true"
        className="grid gap-8 motion-safe:animate-pulse sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)] sm:gap-10 lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]"
      >
        <div className="mx-auto aspect-[2/3] w-44 rounded-md bg-stone-200 sm:w-full" />
        <div className="space-y-4">
          <div className="h-3 w-24 rounded bg-ink-100" />
          <div className="h-9 w-4/5 rounded bg-stone-200" />
          <div className="h-5 w-3/5 rounded bg-stone-200/70" />
          <div className="h-4 w-32 rounded bg-stone-200/70" />
          <div className="h-8 w-20 rounded bg-stone-200" />
          <div className="flex gap-3">
            <div className="h-12 w-40 rounded-lg bg-stone-200" />
            <div className="h-12 w-36 rounded-lg bg-stone-100" />
          </div>
          <div className="space-y-2 pt-4">
            <div className="h-4 w-full rounded bg-stone-200/70" />
            <div className="h-4 w-full rounded bg-stone-200/70" />
            <div className="h-4 w-2/3 rounded bg-stone-200/70" />
          </div>
        </div>
      </div>
    </div>
  )
}
