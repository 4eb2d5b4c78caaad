import { act } from '@testing-library/react'
import { Link, type RouteObject } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { KEEP_SCROLL } from '#web/lib/scroll.ts'
import { renderRoutes } from '#web/test/render.tsx'
import { ScrollRestoration } from './scroll-restoration.tsx'

const page = (name: string) => (
  <>
    <ScrollRestoration />
    <h1>{name}</h1>
    <p id="part-two">Part two</p>
    <Link to="/next">Next</Link>
  </>
)
const routes: RouteObject[] = [
  { path: '/', element: page('First') },
  { path: '/next', element: page('Next') },
]

/** jsdom does not scroll: the window's position is what the page last asked for. */
function fakeScrolling() {
  const to = vi.fn((_x: number, y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
  })
  vi.stubGlobal('scrollTo', to)
  const scrollBy = (y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  }
  return { to, scrollBy }
}

beforeEach(() => sessionStorage.clear())

describe('ScrollRestoration', () => {
  it('starts a new screen at the top, and brings Back to where the reader was', async () => {
    const { to, scrollBy } = fakeScrolling()
    const { router } = renderRoutes(routes, '/')
    scrollBy(640)
    to.mockClear()

    await act(() => router.navigate('/next'))
    expect(to).toHaveBeenLastCalledWith(0, 0)

    await act(() => router.navigate(-1))
    expect(router.state.location.pathname).toBe('/')
    expect(to).toHaveBeenLastCalledWith(0, 640)
  })

  it('keeps the page where it is for a navigation that asks to (KEEP_SCROLL)', async () => {
    const { to, scrollBy } = fakeScrolling()
    const { router } = renderRoutes(routes, '/')
    scrollBy(300)
    to.mockClear()

    await act(() => router.navigate('/?days=30', KEEP_SCROLL))
    expect(to).not.toHaveBeenCalled()
  })

  it('goes to the part an address names with its hash, also when the page is kept where it is', async () => {
    fakeScrolling()
    const into = vi.fn()
    Element.prototype.scrollIntoView = into
    const { router } = renderRoutes(routes, '/')

    await act(() => router.navigate('/next#part-two'))
    await act(() => router.navigate('/next#part-two', KEEP_SCROLL))
    expect(into).toHaveBeenCalledTimes(2)
    expect(into.mock.contexts.map((element) => (element as Element).id)).toEqual(['part-two', 'part-two'])
  })

  it('remembers the positions for a reload of the tab', async () => {
    const { scrollBy } = fakeScrolling()
    const { router, unmount } = renderRoutes(routes, '/')
    scrollBy(120)
    const key = router.state.location.key
    unmount()
    expect(JSON.parse(sessionStorage.getItem('inkwell-scroll-positions') ?? '{}')).toEqual({ [key]: 120 })
  })
})
