import { act, screen, within } from '@testing-library/react'
import { useMemo, useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '#web/test/render.tsx'
import { outlineOf } from '../lib/outline.ts'
import { ContentsDisclosure, ContentsSidebar } from './table-of-contents.tsx'

/** Stands in for the browser's IntersectionObserver: a test says which headings are above the reading line. */
class FakeObserver {
  static all: FakeObserver[] = []
  readonly targets: Element[] = []
  constructor(
    readonly report: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  disconnect() {
    FakeObserver.all = FakeObserver.all.filter((o) => o !== this)
  }
}

/** Every live observer learns that exactly the headings `ids` are above the line. */
const passed = (...ids: string[]) =>
  act(() => {
    for (const observer of FakeObserver.all)
      observer.report(
        observer.targets.map((target) => ({ target, isIntersecting: ids.includes(target.id) })) as never,
        observer as never,
      )
  })

const BODY = '<h2>The thought experiment</h2><p>…</p><h2>On the Moon</h2><h3>What to write</h3><p>…</p>'
const { html, headings } = outlineOf(BODY)

const renderWith = (contents: React.ReactNode) =>
  renderRoutes(
    [
      {
        path: '/learn/:uid/:topic',
        element: (
          <>
            {contents}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the test's own outlined body */}
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </>
        ),
      },
    ],
    '/learn/writer-1/hammer',
  )

/** A body the test edits, its outline worked out again as the reader route does. */
function EditedReader() {
  const [body, setBody] = useState(BODY)
  const outline = useMemo(() => outlineOf(body), [body])
  return (
    <>
      <button type="button" onClick={() => setBody(BODY.replace('<p>…</p>', '<p>Edited.</p>'))}>
        Edit
      </button>
      <ContentsSidebar headings={outline.headings} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the test's own outlined body */}
      <div dangerouslySetInnerHTML={{ __html: outline.html }} />
    </>
  )
}

beforeEach(() => {
  FakeObserver.all = []
  vi.stubGlobal('IntersectionObserver', FakeObserver)
})

describe('ContentsSidebar', () => {
  it('lists the headings as links to their sections, sub-sections after their section', () => {
    renderWith(<ContentsSidebar headings={headings} />)
    const nav = screen.getByRole('navigation', { name: 'On this page' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['The thought experiment', '#the-thought-experiment'],
      ['On the Moon', '#on-the-moon'],
      ['What to write', '#what-to-write'],
    ])
    expect(within(nav).getAllByRole('listitem')).toHaveLength(3)
  })

  it('marks the section being read as the current location, and none before the first', () => {
    renderWith(<ContentsSidebar headings={headings} />)
    // The observed area ends 128 px from the top: a heading inside it has passed the reading line.
    expect(FakeObserver.all[0].options.rootMargin).toMatch(/^\d+px 0px -\d+px 0px$/)
    const current = () => screen.queryByRole('link', { current: 'location' })
    expect(current()).toBeNull()
    passed('the-thought-experiment')
    expect(current()).toHaveTextContent('The thought experiment')
    passed('the-thought-experiment', 'on-the-moon', 'what-to-write')
    expect(current()).toHaveTextContent('What to write')
    passed('the-thought-experiment', 'on-the-moon')
    expect(current()).toHaveTextContent('On the Moon')
    expect(screen.getAllByRole('link', { current: 'location' })).toHaveLength(1)
  })

  it('follows the headings of a body that is replaced by another with the same headings (an edit, the next lesson)', async () => {
    const { user } = renderRoutes([{ path: '/', element: <EditedReader /> }], '/')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    expect(screen.getByText('Edited.')).toBeInTheDocument()
    const observed = FakeObserver.all.flatMap((observer) => observer.targets)
    expect(observed.map((heading) => heading.id)).toEqual(headings.map((heading) => heading.id))
    expect(observed.every((heading) => heading.isConnected)).toBe(true)
  })

  it('goes to a section through the router: the address gets its hash and focus moves to the heading', async () => {
    const { user, router } = renderWith(<ContentsSidebar headings={headings} />)
    await user.click(screen.getByRole('link', { name: 'On the Moon' }))
    expect(router.state.location).toMatchObject({ pathname: '/learn/writer-1/hammer', hash: '#on-the-moon' })
    expect(router.state.historyAction).toBe('PUSH')
    expect(screen.getByRole('heading', { name: 'On the Moon' })).toHaveFocus()
  })

  it('leaves a click meant for a new tab to the browser', async () => {
    const { user, router } = renderWith(<ContentsSidebar headings={headings} />)
    const link = screen.getByRole('link', { name: 'On the Moon' })
    const opened = vi.fn((event: MouseEvent) => event.preventDefault()) // jsdom cannot open tabs
    link.addEventListener('click', opened)
    await user.keyboard('{Control>}')
    await user.click(link)
    await user.keyboard('{/Control}')
    expect(opened).toHaveBeenCalled()
    expect(router.state.location.hash).toBe('')
  })
})

describe('ContentsDisclosure', () => {
  it('opens on request, and closes once a section is chosen', async () => {
    const { user, router } = renderWith(<ContentsDisclosure headings={headings} />)
    const nav = screen.getByRole('navigation', { name: 'Contents' })
    const summary = within(nav).getByText('Contents')
    expect(nav.querySelector('details')).not.toHaveAttribute('open')
    expect(nav).toHaveTextContent('Contents · 3 sections')

    await user.click(summary)
    expect(nav.querySelector('details')).toHaveAttribute('open')
    passed('the-thought-experiment')
    expect(within(nav).getByRole('link', { current: 'location' })).toHaveTextContent('The thought experiment')

    await user.click(within(nav).getByRole('link', { name: 'What to write' }))
    expect(router.state.location.hash).toBe('#what-to-write')
    expect(nav.querySelector('details')).not.toHaveAttribute('open')
    expect(screen.getByRole('heading', { name: 'What to write' })).toHaveFocus()
  })
})
