import { CreditCard, Flag, KeyRound, Lightbulb } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ContactForm } from '#web/features/contact/components/contact-form.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

const TOPICS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <KeyRound className="size-4" aria-hidden />,
    title: 'Your account',
    text: 'Tell us the e-mail address on your account. Never send your password: we will not ask for it.',
  },
  {
    icon: <CreditCard className="size-4" aria-hidden />,
    title: 'Payments and payouts',
    text: 'Include the order reference from the payment page, or the date of the payout you requested.',
  },
  {
    icon: <Flag className="size-4" aria-hidden />,
    title: 'Something that breaks the rules',
    text: 'The Report button on a post, comment, reply or book is fastest; it goes straight to our moderators.',
  },
  {
    icon: <Lightbulb className="size-4" aria-hidden />,
    title: 'Ideas and partnerships',
    text: 'Schools, clubs and writers with an idea for Inkwell: we read every suggestion.',
  },
]

export default function Contact() {
  useDocumentTitle('Contact us')
  const { data: me } = useMe()

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
      <section aria-labelledby="contact-title" className="lg:pt-4">
        <p className="text-xs font-semibold tracking-widest text-ink-700 uppercase">We read every message</p>
        <h1 id="contact-title" className="mt-2 text-4xl font-semibold sm:text-5xl">
          Contact us
        </h1>
        <p className="mt-4 text-lg leading-relaxed text-stone-600">
          A question about your account, a payment that did not go through, a lesson that needs a correction,
          or an idea for Inkwell: write to us here and it reaches the people who run the platform.
        </p>
        <ul className="mt-8 space-y-5">
          {TOPICS.map((topic) => (
            <li key={topic.title} className="flex gap-3">
              <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-ink-50 text-ink-700">
                {topic.icon}
              </span>
              <span>
                <span className="block font-medium text-stone-900">{topic.title}</span>
                <span className="block text-sm leading-relaxed text-stone-600">{topic.text}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-stone-500">
          How we handle what you send is explained in our{' '}
          <Link to="/privacy" className="text-ink-700 underline underline-offset-2">
            privacy policy
          </Link>
          .
        </p>
      </section>
      <div className="self-start rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <ContactForm sender={me ? { name: me.name, email: me.email } : undefined} />
      </div>
    </div>
  )
}
