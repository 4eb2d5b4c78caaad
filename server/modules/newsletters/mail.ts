import { postPath, unsubscribePath, writerPath } from '#common/paths.ts'
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
