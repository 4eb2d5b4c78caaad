import { z } from 'zod'
import { SUBSCRIBER_IMPORT_MAX_BYTES } from '../constants.ts'
import { PageQuery, pageOf, Uuid } from './fields.ts'

// Newsletters: each new post mailed to its writer's subscribers (decision 046). A free post goes
// whole to everyone; a subscribers-only post goes whole to paying subscribers and as its excerpt
// with a way to subscribe to free followers.

export const NewsletterDeliveryKind = z.enum(['full', 'excerpt'])
export type NewsletterDeliveryKind = z.infer<typeof NewsletterDeliveryKind>
export const NewsletterDeliveryStatus = z.enum(['queued', 'sent', 'failed', 'bounced'])
export type NewsletterDeliveryStatus = z.infer<typeof NewsletterDeliveryStatus>
/**
 * An imported address: `pending` until its owner confirms (double opt-in), then `confirmed`;
 * `unsubscribed` or `bounced` end it.
 */
export const NewsletterContactStatus = z.enum(['pending', 'confirmed', 'unsubscribed', 'bounced'])
export type NewsletterContactStatus = z.infer<typeof NewsletterContactStatus>

/** How one post's newsletter went, for its writer (My posts). */
export const NewsletterStats = z.object({
  postId: z.string(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  unsubscribes: z.number().int(),
})
export type NewsletterStats = z.infer<typeof NewsletterStats>

/** A post's newsletter in the writer's overview: the figures, the post, and when it was mailed. */
export const MailedNewsletter = NewsletterStats.extend({
  title: z.string(),
  /** Where readers read it (postPath). */
  path: z.string(),
  mailedAt: z.iso.datetime(),
})
export type MailedNewsletter = z.infer<typeof MailedNewsletter>

/** GET /api/me/newsletters: what the signed-in reader gets by e-mail. */
export const NewsletterPreferences = z.object({
  /** The switch for every writer's newsletter (and the new chapters of books owned). */
  newsletters: z.boolean(),
  /** New posts as one mail a week (Mondays) instead of one mail per post. */
  digest: z.boolean(),
  /** Why nothing is mailed to the address any more, when a mail server refused it for good. */
  bounce: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
  /** Each writer followed or paid, and whether their new posts come by e-mail. */
  writers: z.array(
    z.object({
      writerId: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      emailNewPosts: z.boolean(),
    }),
  ),
})
export type NewsletterPreferences = z.infer<typeof NewsletterPreferences>

/**
 * PATCH /api/me/newsletters: the global switch, the weekly digest; clearing a bounce is trying the
 * address again.
 */
export const NewsletterSwitchInput = z
  .object({
    newsletters: z.boolean().optional(),
    digest: z.boolean().optional(),
    retryBouncedAddress: z.literal(true).optional(),
  })
  .refine(
    (v) => v.newsletters !== undefined || v.digest !== undefined || v.retryBouncedAddress,
    'Say what to change',
  )
export type NewsletterSwitchInput = z.infer<typeof NewsletterSwitchInput>

/** PUT /api/me/newsletters/writers/:writerId: one writer's new posts by e-mail or not. */
export const WriterNewsletterInput = z.object({ emailNewPosts: z.boolean() })
export type WriterNewsletterInput = z.infer<typeof WriterNewsletterInput>

/** The signed link in every newsletter: one reader, one writer (and the post it came with). */
export const UnsubscribeToken = z
  .string()
  .trim()
  .min(1, 'This link is incomplete')
  .max(512, 'This link is not valid')

/** GET /api/newsletters/link?token= and PUT /api/newsletters/link: what the link's page shows. */
export const NewsletterLinkState = z.object({
  /** Null for a weekly digest's link: it stands for every writer followed (the global switch). */
  writer: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** An address the writer imported, not an Inkwell account. */
  imported: z.boolean(),
  /** The address the link was sent to, partly hidden (r•••@example.com). */
  email: z.string(),
  emailNewPosts: z.boolean(),
})
export type NewsletterLinkState = z.infer<typeof NewsletterLinkState>

export const NewsletterLinkQuery = z.object({ token: UnsubscribeToken })
export const NewsletterLinkInput = z.object({ token: UnsubscribeToken, emailNewPosts: z.boolean() })
export type NewsletterLinkInput = z.infer<typeof NewsletterLinkInput>

// A writer's list brought from another newsletter service (Substack's CSV export, or any CSV with
// an `email` column): each new address is mailed once to confirm, and gets posts only once it has
// (double opt-in, decision 047).

const IMPORT_MB = SUBSCRIBER_IMPORT_MAX_BYTES / 1024 / 1024
const tooLarge = `The file is larger than ${IMPORT_MB} MB: split it, or export active subscribers only`
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length

/** POST /api/me/subscribers/import: the file's text; `dryRun` answers the report and writes nothing. */
export const SubscriberImportInput = z.object({
  csv: z
    .string({ error: 'Choose a CSV file' })
    .min(1, 'The file is empty')
    .max(SUBSCRIBER_IMPORT_MAX_BYTES, tooLarge)
    .refine((csv) => utf8Bytes(csv) <= SUBSCRIBER_IMPORT_MAX_BYTES, tooLarge),
  dryRun: z.boolean().optional(),
})
export type SubscriberImportInput = z.infer<typeof SubscriberImportInput>

/** Why a row was not imported. */
export const SubscriberImportRefusal = z.enum([
  'invalid_email',
  'duplicate',
  'own_address',
  'already_imported',
  'subscriber',
  'mail_off',
])
export type SubscriberImportRefusal = z.infer<typeof SubscriberImportRefusal>

/** Each refusal in words, for the writer reading the report. */
export const SUBSCRIBER_IMPORT_REFUSALS: Record<SubscriberImportRefusal, string> = {
  invalid_email: 'Not an e-mail address',
  duplicate: 'Already on an earlier row of this file',
  own_address: 'Your own address',
  already_imported: 'Already imported',
  subscriber: 'Already follows or subscribes to you on Inkwell',
  mail_off: 'E-mail was turned off for it in the export (email_disabled)',
}

export const SubscriberImportReport = z.object({
  dryRun: z.boolean(),
  /** The file's rows under its header (blank lines aside). */
  rows: z.number().int(),
  /** Imported (or, in a dry run, would be): each gets one confirmation mail. */
  imported: z.number().int(),
  refusedCount: z.number().int(),
  /** The first SUBSCRIBER_IMPORT_REFUSED_LISTED refused rows, in file order. */
  refused: z.array(
    z.object({
      /** The file's line the row starts on (the header is line 1). */
      line: z.number().int(),
      /** The row's email cell as written (cut short when long). */
      email: z.string(),
      reason: SubscriberImportRefusal,
      /** For `already_imported`: where that address stands on the list. */
      status: NewsletterContactStatus.nullable(),
    }),
  ),
})
export type SubscriberImportReport = z.infer<typeof SubscriberImportReport>

/** One imported address on the writer's list. */
export const ImportedSubscriber = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  status: NewsletterContactStatus,
  /** When the confirmation mail went out; null while it waits in the queue. */
  confirmSentAt: z.iso.datetime().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  unsubscribedAt: z.iso.datetime().nullable(),
  /** The mail server's words when it refused the address for good. */
  bounceReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type ImportedSubscriber = z.infer<typeof ImportedSubscriber>

/** GET /api/me/subscribers/imported: newest first, with the counts of the whole list. */
export const ImportedSubscriberPage = pageOf(ImportedSubscriber).extend({
  counts: z.object({
    pending: z.number().int(),
    confirmed: z.number().int(),
    unsubscribed: z.number().int(),
    bounced: z.number().int(),
  }),
})
export type ImportedSubscriberPage = z.infer<typeof ImportedSubscriberPage>

export const ImportedSubscribersQuery = PageQuery
export type ImportedSubscribersQuery = z.infer<typeof ImportedSubscribersQuery>
export const ImportedSubscriberParams = z.object({ id: Uuid('Unknown address') })
