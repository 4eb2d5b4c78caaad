import { asc, sql } from 'drizzle-orm'
import type { Highlight } from '#common/schemas/highlights.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { book, bookChapter, highlight, post } from '#server/db/schema/index.ts'
import { mine, selectHighlights, toHighlights } from './highlight-rows.ts'

// "Export to Markdown": every highlight of mine, books first (by title, then chapter, then place in
// the text), then posts (by title), each with its quote, its note and a link to read it in place.

/** Text written into Markdown as text: nothing in it turns into markup or a link. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#|~])/g, '\\$1')

const quoteOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${escapeMarkdown(line.trim())}`.trimEnd())
    .join('\n')

function entry(h: Highlight): string {
  const lines = [quoteOf(h.exact)]
  if (h.orphaned) lines.push('', '_The passage was edited away._')
  if (h.note) lines.push('', `**Note:** ${escapeMarkdown(h.note).replace(/\r?\n/g, '  \n')}`)
  return lines.join('\n')
}

/** Consecutive items sharing a key, in order. */
function runs<T>(items: T[], keyOf: (item: T) => string): T[][] {
  const groups: T[][] = []
  for (const item of items) {
    const last = groups.at(-1)
    if (last && keyOf(last[0]) === keyOf(item)) last.push(item)
    else groups.push([item])
  }
  return groups
}

/** The whole file: a heading per book (its chapters under it) and per post. */
export async function highlightsMarkdown(ctx: AppContext, actor: SessionUser): Promise<string> {
  const rows = await selectHighlights(ctx).where(mine(actor.id)).orderBy(
    // Books before posts.
    sql`${highlight.postId} is not null`,
    asc(book.title),
    asc(book.id),
    asc(bookChapter.position),
    asc(post.title),
    asc(post.id),
    asc(highlight.start),
  )
  const items = await toHighlights(ctx, rows)
  const absolute = (link: string) => `${ctx.config.appUrl}${link}`
  const out = [
    '# My highlights',
    '',
    `Exported from Inkwell on ${ctx.clock.now().toISOString().slice(0, 10)}. Your notes are private: only you can read them.`,
  ]
  if (items.length === 0) out.push('', 'No highlights yet.')
  for (const group of runs(items, (h) => (h.target.kind === 'chapter' ? h.target.bookId : h.target.postId))) {
    const { target } = group[0]
    if (target.kind === 'post') {
      out.push('', `## ${escapeMarkdown(target.postTitle)}`, '', `[Read the post](${absolute(target.link)})`)
      for (const h of group) out.push('', entry(h))
      continue
    }
    out.push('', `## ${escapeMarkdown(target.bookTitle)}`)
    for (const chapter of runs(group, (h) => (h.target.kind === 'chapter' ? h.target.chapterId : ''))) {
      const at = chapter[0].target
      if (at.kind !== 'chapter') continue
      out.push(
        '',
        `### Chapter ${at.chapterPosition}: ${escapeMarkdown(at.chapterTitle)}`,
        '',
        `[Read the chapter](${absolute(at.link)})`,
      )
      for (const h of chapter) out.push('', entry(h))
    }
  }
  return `${out.join('\n')}\n`
}
