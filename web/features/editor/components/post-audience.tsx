import type { UseFormRegisterReturn } from 'react-hook-form'

// Who a post reaches: who may read it on Inkwell, and whether it is e-mailed to subscribers.

export const fieldLabel = 'block text-sm font-medium text-stone-800'

const ACCESS = [
  ['free', 'Free', 'Everyone can read the whole post.'],
  ['subscribers', 'Subscribers only', 'Others see the title and excerpt.'],
] as const

/** "Who can read it": free, or subscribers only. */
export function AccessChoice({ field }: { field: UseFormRegisterReturn<'access'> }) {
  return (
    <fieldset className="space-y-2">
      <legend className={fieldLabel}>Who can read it</legend>
      {ACCESS.map(([value, label, hint]) => (
        <label key={value} className="flex cursor-pointer items-start gap-2.5 text-sm">
          <input type="radio" value={value} className="mt-1 accent-ink-800" {...field} />
          <span>
            <span className="font-medium text-stone-800">{label}</span>
            <span className="block text-stone-500">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/**
 * "Email this post to my subscribers": a choice until the post is first published, then a line
 * saying whether it was (`published`: what was chosen then; null while never published).
 */
export function NewsletterChoice({
  published,
  access,
  field,
}: {
  published: boolean | null
  access: 'free' | 'subscribers'
  field: UseFormRegisterReturn<'emailSubscribers'>
}) {
  const done = published !== null
  const hint = done
    ? published
      ? 'It was e-mailed to your subscribers when it was first published.'
      : 'It was not e-mailed: you chose not to when it was first published.'
    : access === 'subscribers'
      ? 'Sent once, when it is published: whole to paying subscribers, the excerpt to free followers.'
      : 'Sent once, when it is published, to everyone who follows you.'
  return (
    <fieldset className="space-y-2">
      <legend className={fieldLabel}>Newsletter</legend>
      <label className={`flex items-start gap-2.5 text-sm ${done ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
        <input
          // A new element when the choice becomes history: a controlled box never turns uncontrolled.
          key={done ? 'sent' : 'choice'}
          type="checkbox"
          className="mt-0.5 size-4 accent-ink-800"
          aria-describedby="post-newsletter-hint"
          // Once sent, the box only reports: the form keeps the post's value without it.
          {...(done ? { disabled: true, checked: published, readOnly: true } : field)}
        />
        <span className="font-medium text-stone-800">Email this post to my subscribers</span>
      </label>
      <p id="post-newsletter-hint" className="pl-6.5 text-sm text-stone-500">
        {hint}
      </p>
    </fieldset>
  )
}
