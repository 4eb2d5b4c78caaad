import { slugify } from '#common/slug.ts'

/** A section heading of a post: its anchor, its words, and whether it is a section (2) or a sub-section (3). */
export interface OutlineHeading {
  id: string
  text: string
  level: 2 | 3
}

export interface Outline {
  /** The body with an id on every h2 and h3 and a link to each beside it. */
  html: string
  headings: OutlineHeading[]
}

/**
 * Ids the reader's page already uses: a heading called "Comments" must not take the comments
 * section's address (it becomes comments-2).
 */
export const READER_PAGE_IDS = [
  'root',
  'main',
  'mobile-menu',
  'comments',
  'comments-title',
  'locked-title',
  'more-from-writer',
]

// The heading's wrapper and its link. A link inside the heading would add its name to the
// heading's ("The first law Link to this section: …"), so it sits beside it, as GitHub's does.
// The sanitizer strips class and id from what authors write, so these are the body's only ones.
const WRAPPER_CLASS = 'group/heading relative'
// Scrolled to, a heading stops this far from the top: clear of the sticky header (65 px, and
// 102 px from md up where it has a second row) with some air.
const HEADING_CLASS = 'scroll-mt-24 md:scroll-mt-36'
// `!`: the body's link style (.prose-ink a) is unlayered CSS, which beats utilities otherwise.
const LINK_CLASS =
  'absolute top-0 -left-5 w-5 text-center font-sans text-lg leading-8 font-normal no-underline! text-stone-500! opacity-0 hover:text-ink-700! focus-visible:opacity-100 group-hover/heading:opacity-100 motion-safe:transition-opacity sm:-left-7 sm:w-6'

/**
 * The post's outline: each h2 and h3 of `html` gets an id made from its words ("Ça va?" →
 * "ca-va"; a repeated one gets -2, -3…; one without letters or digits is "section"), and a "#"
 * link to it that shows on hover and focus. Ids depend only on the body, so an address with
 * #<id> reaches the same heading for every reader, every time.
 */
export function outlineOf(html: string, reserved: readonly string[] = READER_PAGE_IDS): Outline {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const taken = new Set(reserved)
  const headings: OutlineHeading[] = []
  for (const heading of doc.body.querySelectorAll('h2, h3')) {
    const text = (heading.textContent ?? '').replace(/\s+/g, ' ').trim()
    const base = slugify(text, 'section')
    let id = base
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
    taken.add(id)
    headings.push({ id, text, level: heading.tagName === 'H2' ? 2 : 3 })

    heading.id = id
    heading.className = HEADING_CLASS
    const wrapper = doc.createElement('div')
    wrapper.className = WRAPPER_CLASS
    const link = doc.createElement('a')
    link.href = `#${id}`
    link.className = LINK_CLASS
    link.setAttribute('aria-label', `Link to this section: ${text || 'untitled section'}`)
    link.textContent = '#'
    heading.replaceWith(wrapper)
    wrapper.append(heading, link)
  }
  return { html: doc.body.innerHTML, headings }
}
