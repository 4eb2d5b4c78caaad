import type { NewsletterContactStatus } from '#common/schemas/newsletters.ts'

/** An imported address's status in words (the list's badges, the import's report). */
export const CONTACT_STATUS_WORDS: Record<NewsletterContactStatus, string> = {
  pending: 'Waiting to confirm',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
}

/** Each status's badge colours. */
export const CONTACT_STATUS_TONES: Record<NewsletterContactStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-1 ring-amber-200',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200',
  unsubscribed: 'bg-stone-100 text-stone-700',
  bounced: 'bg-red-50 text-red-800 ring-1 ring-red-200',
}
