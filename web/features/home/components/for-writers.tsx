import { BookOpen, ClipboardCheck, PenLine, ShieldCheck, Users } from 'lucide-react'
import type { ReactNode } from 'react'

const STEPS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <PenLine className="size-5" aria-hidden />,
    title: 'Publish',
    text: 'Write lessons, fiction and true stories in a focused editor that saves your drafts as you go. Keep a post free, or for your subscribers.',
  },
  {
    icon: <ShieldCheck className="size-5" aria-hidden />,
    title: 'Get reviewed',
    text: 'A moderator reads every submission before it goes live. If something needs fixing, you get the reason, not a silent rejection.',
  },
  {
    icon: <BookOpen className="size-5" aria-hidden />,
    title: 'Sell your books',
    text: 'Write a book chapter by chapter, choose how many chapters are a free preview, and set your own price.',
  },
  {
    icon: <Users className="size-5" aria-hidden />,
    title: 'Earn from subscriptions',
    text: 'Set a monthly price, or zero for a free follow. Subscribers read your subscriber-only posts, and renew every month.',
  },
  {
    icon: <ClipboardCheck className="size-5" aria-hidden />,
    title: 'Set exams',
    text: 'Build timed exams with four kinds of questions and explanations, and see how every attempt went.',
  },
]

interface ForWritersProps {
  feePercent: number
  /** e.g. "10.00" */
  payoutMinimum: string
}

/** An illustration of the fee on a sample price; the numbers are arithmetic, not anyone's sales. */
function FeeExample({ feePercent, payoutMinimum }: ForWritersProps) {
  const price = 500
  const fee = Math.round((price * feePercent) / 100)
  const rows = [
    { label: 'A reader pays', value: (price / 100).toFixed(2) },
    { label: `Platform fee (${feePercent}%)`, value: `−${(fee / 100).toFixed(2)}` },
  ]
  return (
    <figure className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <figcaption className="text-xs font-semibold tracking-widest text-stone-500 uppercase">
        How the money works · an example
      </figcaption>
      <dl className="mt-5 divide-y divide-stone-100 text-[15px]">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between py-3">
            <dt className="text-stone-600">{row.label}</dt>
            <dd className="font-medium text-stone-900 tabular-nums">{row.value}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between pt-4">
          <dt className="font-serif text-lg font-semibold text-stone-900">You receive</dt>
          <dd className="font-serif text-3xl font-semibold text-ink-800 tabular-nums">
            {((price - fee) / 100).toFixed(2)}
          </dd>
        </div>
      </dl>
      <p className="mt-6 rounded-xl bg-stone-50 px-4 py-3 text-sm leading-relaxed text-stone-600">
        The same {feePercent}% applies to every book sale and subscription renewal. Every one is listed on
        your Earnings page, and you can request a payout once your available balance reaches {payoutMinimum}.
      </p>
    </figure>
  )
}

export function ForWriters({ feePercent, payoutMinimum }: ForWritersProps) {
  return (
    <section
      aria-labelledby="writers-title"
      className="grid gap-12 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-16"
    >
      <div>
        <p className="text-xs font-semibold tracking-[0.2em] text-ink-700 uppercase">For writers</p>
        <h2 id="writers-title" className="mt-3 text-3xl font-semibold sm:text-4xl">
          Your work, reviewed, read and paid for.
        </h2>
        <p className="mt-3 max-w-xl text-lg text-stone-600">
          Whether you teach physics or write novels, Inkwell gives you the tools to publish properly and the
          ways to earn from it.
        </p>
        <ul className="mt-8 divide-y divide-stone-200 border-y border-stone-200">
          {STEPS.map((step) => (
            <li key={step.title} className="flex gap-4 py-5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-400/20 text-stone-800">
                {step.icon}
              </span>
              <span>
                <span className="block font-serif text-lg font-semibold text-stone-900">{step.title}</span>
                <span className="mt-1 block max-w-xl text-[15px] leading-relaxed text-stone-600">
                  {step.text}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="lg:sticky lg:top-32 lg:self-start lg:pt-24">
        <FeeExample feePercent={feePercent} payoutMinimum={payoutMinimum} />
      </div>
    </section>
  )
}
