import { act, render, screen } from '@testing-library/react'
import { type ReactNode, startTransition, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { HydrateApart } from './hydrate-apart.tsx'

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  )
}

const page = (
  <div>
    <Counter label="top" />
    <HydrateApart>
      <section>
        <Counter label="below" />
      </section>
    </HydrateApart>
  </div>
)

/** An empty shelf: a part that draws nothing. */
const Nothing = () => null

const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('HydrateApart', () => {
  afterEach(() => document.getElementById('root')?.remove())

  it('is its children when the page is not being hydrated', () => {
    render(page)
    act(() => screen.getByRole('button', { name: 'below 0' }).click())
    expect(screen.getByRole('button', { name: 'below 1' })).toBeInTheDocument()
  })

  /** The page as the server drew it, in #root with the server's mark. */
  function serverPage(tree: ReactNode) {
    const root = document.createElement('div')
    root.id = 'root'
    root.setAttribute('data-server-rendered', '')
    root.innerHTML = renderToString(tree)
    document.body.append(root)
    return root
  }

  it('attaches to its part of the server’s markup, keeping the elements, with no mismatch', async () => {
    const root = serverPage(page)
    const below = screen.getByRole('button', { name: 'below 0' })

    await act(async () => startTransition(() => void hydrateRoot(root, page)))
    await nextTask()
    act(() => below.click())
    expect(below).toHaveTextContent('below 1')
    expect(screen.getByRole('button', { name: 'below 1' })).toBe(below)
    expect(root.querySelectorAll('section')).toHaveLength(1)
  })

  it('leaves its neighbour’s markup alone when its own part draws nothing', async () => {
    const tree = (
      <div>
        <HydrateApart>
          <Nothing />
        </HydrateApart>
        <HydrateApart>
          <section>
            <Counter label="next" />
          </section>
        </HydrateApart>
      </div>
    )
    const root = serverPage(tree)
    const next = screen.getByRole('button', { name: 'next 0' })

    await act(async () => startTransition(() => void hydrateRoot(root, tree)))
    await nextTask()
    await nextTask()
    expect(screen.getByRole('button', { name: 'next 0' })).toBe(next)
    act(() => next.click())
    expect(next).toHaveTextContent('next 1')
    expect(root.querySelectorAll('section')).toHaveLength(1)
  })
})
