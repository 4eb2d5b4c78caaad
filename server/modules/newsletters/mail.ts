import { emailSettingsPath, postPath, readPath, unsubscribePath, writerPath } from '#common/paths.ts'
import { plainText } from '#common/rich-text.ts'
import type { NewsletterDeliveryKind } from '#common/schemas/newsletters.ts'
import { button, escapeHtml, mailDocument, paragraph, smallPrint } from '#server/mail/layout.ts'
import type { Mail } from '#server/mail/mailer.ts'

// One post as a newsletter (decision 046): the whole post, or a subscribers-only post's excerpt
// with a way to subscribe, in the one mail layout, with the headers bulk-mail rules ask for.

const PREHEADER_LENGTH = 200

export interface NewsletterPost {
  id: string
  title: string
  slug: string
  excerpt: string
  bodyHtml: string
  writer: { id: string; name: string }
}

export interface NewsletterRecipient {
  id: string
  email: string
  kind: NewsletterDeliveryKind
  /** The signed unsubscribe token for this reader and writer (tokens.ts). */
  token: string
}

/**
 * A post's body with its relative links and images made absolute: a mail has no page to be
 * relative to. The body is stored sanitized (only http(s), mailto and relative links; images only
 * from /api/files/), so a relative address starts with one slash.
 */
export function absoluteLinks(html: string, appUrl: string): string {
  return html.replace(/\b(src|href)="(\/(?!\/)[^"]*)"/g, (_m, attribute: string, path: string) => {
    return `${attribute}="${appUrl}${path}"`
  })
}

export function newsletterMail(appUrl: string, post: NewsletterPost, to: NewsletterRecipient): Mail {
  const host = new URL(appUrl).hostname
  const postUrl = appUrl + postPath(post.writer.id, post.slug)
  const writerUrl = appUrl + writerPath(post.writer.id)
  const unsubscribeUrl = appUrl + unsubscribePath(to.token)
  const full = to.kind === 'full'
  const why = `You get this because you follow ${post.writer.name} on Inkwell.`
  // A locked post's mail shows what its page shows the locked out: the writer's excerpt, never
  // the body's opening.
  const excerpt = full ? post.excerpt || plainText(post.bodyHtml).slice(0, PREHEADER_LENGTH) : post.excerpt

  const text = [
    post.title,
    `by ${post.writer.name}`,
    `View in browser: ${postUrl}`,
    full
      ? plainText(post.bodyHtml)
      : `${excerpt}\n\nThis post is for paying subscribers. Subscribe to read: ${writerUrl}`,
    `— ${why}\nUnsubscribe: ${unsubscribeUrl}`,
  ].join('\n\n')

  const html = mailDocument({
    title: post.title,
    preheader: excerpt,
    body: [
      `<p style="margin:0 0 8px;font-size:13px"><a href="${escapeHtml(postUrl)}">View in browser</a></p>`,
      `<h1 style="margin:0 0 8px;font-size:26px;line-height:1.25">${escapeHtml(post.title)}</h1>`,
      paragraph(`by ${post.writer.name}`, 'color:#57534e'),
      full
        ? `<div style="font-size:16px;line-height:1.6">${absoluteLinks(post.bodyHtml, appUrl)}</div>`
        : (excerpt ? paragraph(excerpt) : '') +
          paragraph('This post is for paying subscribers.') +
          button(writerUrl, 'Subscribe to read'),
    ].join('\n'),
    footer: smallPrint(
      `${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from ${escapeHtml(post.writer.name)}</a>.`,
    ),
  })

  return {
    to: to.email,
    subject: post.title,
    text,
    html,
    // The same id for a resend: a mail client shows one message, and a count by id finds repeats.
    messageId: `<newsletter.${post.id}.${to.id}@${host}>`,
    headers: {
      'List-Id': `${listName(post.writer.name)} <writer-${post.writer.id}.${host}>`,
      'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:unsubscribe@${host}?subject=unsubscribe-${to.token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * The writer's name as a header phrase: without the specials that would need quoting (a quoted
 * phrase is sent encoded by nodemailer, which some list tools do not decode).
 */
const listName = (name: string) => name.replace(/["\\<>()[\],;:@.\r\n]/g, '').trim() || 'Inkwell writer'

export interface NewChapter {
  id: string
  title: string
  position: number
  book: { id: string; title: string }
  writer: { id: string; name: string }
}

/** A book's owner told of a chapter the writer has just published in it (an in-progress book). */
export function chapterMail(appUrl: string, chapter: NewChapter, to: { id: string; email: string }): Mail {
  const host = new URL(appUrl).hostname
  const chapterUrl = appUrl + readPath(chapter.book.id, chapter.id)
  const settingsUrl = appUrl + emailSettingsPath
  const heading = `Chapter ${chapter.position}: ${chapter.title}`
  const lead = `${chapter.writer.name} has added a chapter to “${chapter.book.title}”, which is in your library.`
  const why = 'You get this because you own this book on Inkwell.'
  return {
    to: to.email,
    subject: `New chapter in ${chapter.book.title}`,
    text: [lead, heading, `Read it: ${chapterUrl}`, `— ${why}\nE-mail settings: ${settingsUrl}`].join('\n\n'),
    html: mailDocument({
      title: `New chapter in ${chapter.book.title}`,
      preheader: heading,
      body: [
        paragraph(lead),
        `<h1 style="margin:0 0 8px;font-size:22px;line-height:1.3">${escapeHtml(heading)}</h1>`,
        button(chapterUrl, 'Read the chapter'),
      ].join('\n'),
      footer: smallPrint(
        `${escapeHtml(why)} <a href="${escapeHtml(settingsUrl)}">Choose what Inkwell e-mails you</a>.`,
      ),
    }),
    messageId: `<chapter.${chapter.id}.${to.id}@${host}>`,
  }
}

export interface DigestPost {
  title: string
  slug: string
  excerpt: string
  subscribersOnly: boolean
  writer: { id: string; name: string }
}

/** At most this many posts in one digest; the rest are on the reader's home page. */
export const DIGEST_POSTS_MAX = 30

/** A week's new posts of every writer a reader follows, in one mail. */
export function digestMail(
  appUrl: string,
  week: string,
  posts: DigestPost[],
  more: number,
  to: NewsletterRecipient,
): Mail {
  const host = new URL(appUrl).hostname
  const unsubscribeUrl = appUrl + unsubscribePath(to.token)
  const settingsUrl = appUrl + emailSettingsPath
  const subject = `Your week on Inkwell: ${posts.length + more} new ${posts.length + more === 1 ? 'post' : 'posts'}`
  const why = 'You get this weekly digest because you chose it in your e-mail settings.'
  const moreLine = more > 0 ? `And ${more} more on Inkwell: ${appUrl}/` : ''
  const text = [
    subject,
    ...posts.map(
      (p) =>
        `${p.title}\nby ${p.writer.name}${p.subscribersOnly ? ' · for subscribers' : ''}\n${p.excerpt ? `${p.excerpt}\n` : ''}${appUrl + postPath(p.writer.id, p.slug)}`,
    ),
    moreLine,
    `— ${why}\nUnsubscribe: ${unsubscribeUrl}\nE-mail settings: ${settingsUrl}`,
  ]
    .filter(Boolean)
    .join('\n\n')
  const item = (p: DigestPost) =>
    [
      `<h2 style="margin:0 0 4px;font-size:19px;line-height:1.3"><a href="${escapeHtml(appUrl + postPath(p.writer.id, p.slug))}" style="color:inherit">${escapeHtml(p.title)}</a></h2>`,
      paragraph(
        `by ${p.writer.name}${p.subscribersOnly ? ' · for subscribers' : ''}`,
        'color:#57534e;margin-bottom:6px;font-size:14px',
      ),
      p.excerpt ? paragraph(p.excerpt, 'margin-bottom:24px') : '',
    ].join('\n')
  return {
    to: to.email,
    subject,
    text,
    html: mailDocument({
      title: subject,
      preheader: posts.map((p) => p.title).join(' · '),
      body: [
        `<h1 style="margin:0 0 20px;font-size:24px;line-height:1.25">${escapeHtml(`The week from ${weekLabel(week)}`)}</h1>`,
        ...posts.map(item),
        more > 0 ? button(`${appUrl}/`, `And ${more} more on Inkwell`) : '',
      ].join('\n'),
      footer: smallPrint(
        `${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> · <a href="${escapeHtml(settingsUrl)}">E-mail settings</a>.`,
      ),
    }),
    messageId: `<digest.${week}.${to.id}@${host}>`,
    headers: {
      'List-Id': `Inkwell weekly digest <digest.${host}>`,
      'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:unsubscribe@${host}?subject=unsubscribe-${to.token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/** 2026-11-23 → "23 November 2026". */
const weekLabel = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
