import { BookOpen, GraduationCap, PenLine } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PAYOUT_MINIMUM_MINOR, PLATFORM_FEE_PERCENT } from '#common/constants.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { formatAmount } from '#web/features/static/format-amount.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

const AUDIENCES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <GraduationCap className="size-5" aria-hidden />,
    title: 'Learners',
    text: 'Students revising for an exam, adults picking up a subject again, anyone who learns best from a clear explanation. Read lessons by subject, test yourself in the Exams Room and ask in the forums.',
  },
  {
    icon: <BookOpen className="size-5" aria-hidden />,
    title: 'Readers',
    text: 'People who want a good story or a true one, without an algorithm shouting at them. Read fiction and true stories, buy books from their authors and subscribe to the writers you come back to.',
  },
  {
    icon: <PenLine className="size-5" aria-hidden />,
    title: 'Writers',
    text: 'Teachers, novelists, journalists and people with something worth saying. Publish, be reviewed, sell books, set exams and earn from readers who value your work.',
  },
]

const REVIEW_STEPS = [
  {
    title: 'You submit',
    text: 'A post, book or exam stays a private draft until you send it for review.',
  },
  {
    title: 'A moderator reads it',
    text: 'They check it against our terms and for basic quality: is it original, is it accurate where it claims to be, is it safe for the people who will read it.',
  },
  {
    title: 'You hear back',
    text: 'Approved work is published at once. Rejected work comes back with a reason, and you can fix it and send it again. Either way you get a notification.',
  },
  {
    title: 'Readers keep watch',
    text: 'Anyone can report a post, comment, forum reply or book. Reports go to the same moderators.',
  },
]

export default function AboutUs() {
  useDocumentTitle('About us')
  const payoutMinimum = formatAmount(PAYOUT_MINIMUM_MINOR)
  return (
    <article className="mx-auto max-w-5xl" aria-labelledby="about-title">
      <header className="max-w-3xl">
        <p className="text-xs font-semibold tracking-[0.2em] text-ink-700 uppercase">About us</p>
        <h1 id="about-title" className="mt-3 text-4xl leading-tight font-semibold sm:text-6xl">
          We built Inkwell for people who learn by reading and teach by writing.
        </h1>
      </header>

      <div className="prose-ink mt-10 max-w-[68ch]">
        <h2>Our mission</h2>
        <p>
          Good explanations change what people can do. A lesson that finally makes sense of electric fields, a
          story that stays with you for a week, a memoir that shows you a life you had never imagined: each of
          these was written by someone who cared enough to get it right.
        </p>
        <p>
          Inkwell exists so those people have a proper place to publish, and so readers can find their work,
          learn from it and pay them for it. We keep reading, learning and writing in one place because they
          belong together: today’s reader of a physics lesson is tomorrow’s writer of one.
        </p>
      </div>

      <section aria-labelledby="audience-title" className="mt-16">
        <h2 id="audience-title" className="text-3xl font-semibold">
          Who it is for
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {AUDIENCES.map((audience) => (
            <li key={audience.title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-xl bg-ink-50 text-ink-700">
                {audience.icon}
              </span>
              <h3 className="mt-4 text-xl font-semibold">{audience.title}</h3>
              <p className="mt-2 text-[15px] leading-relaxed text-stone-600">{audience.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-2xl text-stone-600">
          You do not have to choose. Every Inkwell account can read and write; “writer” simply means someone
          who has published.
        </p>
      </section>

      <section
        aria-labelledby="review-title"
        className="mt-16 rounded-3xl bg-white p-6 ring-1 ring-stone-200 sm:p-10"
      >
        <h2 id="review-title" className="text-3xl font-semibold">
          How review works
        </h2>
        <p className="mt-3 max-w-2xl text-stone-600">
          Everything published on Inkwell has been read by a person first. That is slower than letting
          anything through, and we think it is worth it.
        </p>
        <ol className="mt-8 grid gap-8 sm:grid-cols-2">
          {REVIEW_STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-ink-900 font-serif text-sm font-semibold text-accent-400"
                aria-hidden
              >
                {index + 1}
              </span>
              <span>
                <span className="block font-serif text-lg font-semibold text-stone-900">{step.title}</span>
                <span className="mt-1 block text-[15px] leading-relaxed text-stone-600">{step.text}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>

      <div className="prose-ink mt-16 max-w-[68ch]">
        <h2>How writers are paid</h2>
        <p>
          When a reader buys a book or pays for a subscription, Inkwell keeps a platform fee of{' '}
          {PLATFORM_FEE_PERCENT}% and the writer receives the rest. Every sale is itemised on the writer’s
          Earnings page, and a payout can be requested once the available balance reaches {payoutMinimum}. The
          details are in our <Link to="/terms#earnings">terms of use</Link>.
        </p>
        <h2>What we will not do</h2>
        <ul>
          <li>
            Show advertising, or sell what we know about you. Our privacy policy lists everything we keep.
          </li>
          <li>Invent numbers. Every count and leaderboard on Inkwell comes from real activity.</li>
          <li>Take your rights. What you write stays yours; we only need a licence to show it.</li>
        </ul>
      </div>

      <section
        aria-labelledby="about-contact-title"
        className="mt-16 flex flex-col items-start gap-5 rounded-3xl bg-ink-50 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-10"
      >
        <div>
          <h2 id="about-contact-title" className="text-2xl font-semibold">
            Talk to us
          </h2>
          <p className="mt-2 max-w-xl text-stone-700">
            Questions, corrections, ideas, or a school that wants to use Inkwell: the people who run the
            platform read every message.
          </p>
        </div>
        <ButtonLink to="/contact" size="lg" className="shrink-0">
          Contact us
        </ButtonLink>
      </section>
    </article>
  )
}
