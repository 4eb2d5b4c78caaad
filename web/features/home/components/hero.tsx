import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { ButtonLink } from '#web/components/ui/button.tsx'

const PILLARS = [
  { word: 'Read', text: 'Lessons, fiction, true stories and books, in a calm column made for reading.' },
  {
    word: 'Learn',
    text: 'Timed exams with an explanation for every question, and forums to talk it through.',
  },
  { word: 'Write', text: 'Publish, get reviewed, sell your books and earn from the readers who subscribe.' },
]

/** The first thing a visitor sees: what Inkwell is and where to start. */
export function Hero({ loggedIn }: { loggedIn: boolean }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden rounded-3xl border border-stone-200 bg-gradient-to-br from-white via-white to-ink-50 px-6 py-12 sm:px-10 sm:py-16 lg:px-14 lg:py-20"
    >
      <div className="grid items-center gap-12 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-ink-700 uppercase">
            A home for readers and writers
          </p>
          <h1
            id="hero-title"
            className="mt-4 text-[2.6rem] leading-[1.05] font-semibold sm:text-6xl lg:text-[4.25rem]"
          >
            Read to learn.
            <br />
            Write to be <em className="text-ink-800">read</em>.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-stone-600 sm:text-xl">
            Inkwell brings lessons from teachers, stories from writers and books from their authors into one
            place, with timed exams to test what you have learned and forums to discuss it. Every account can
            read and write.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            {loggedIn ? (
              <ButtonLink to="/dashboard" size="lg">
                Go to your dashboard
                <ArrowRight className="size-4" aria-hidden />
              </ButtonLink>
            ) : (
              <ButtonLink to="/signup" size="lg">
                Start writing
                <ArrowRight className="size-4" aria-hidden />
              </ButtonLink>
            )}
            <ButtonLink to="/academic" size="lg" variant="secondary">
              Explore lessons
            </ButtonLink>
          </div>
          {!loggedIn && (
            <p className="mt-5 text-sm text-stone-500">
              Already have an account?{' '}
              <Link to="/login" className="font-medium text-ink-700 underline-offset-2 hover:underline">
                Sign in
              </Link>
            </p>
          )}
        </div>

        <ol className="relative rounded-2xl bg-ink-900 p-7 text-white shadow-xl sm:p-9">
          {PILLARS.map((pillar, index) => (
            <li
              key={pillar.word}
              className={`flex gap-5 ${index > 0 ? 'mt-6 border-t border-white/10 pt-6' : ''}`}
            >
              <span className="font-serif text-sm text-accent-400 tabular-nums" aria-hidden>
                0{index + 1}
              </span>
              <span>
                <span className="block font-serif text-2xl font-semibold">{pillar.word}</span>
                <span className="mt-1 block text-[15px] leading-relaxed text-ink-100">{pillar.text}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
