import { act, render, screen } from '@testing-library/react'
import { useState } from 'react'
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

const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('HydrateApart', () => {
  afterEach(() => document.getElementById('root')?.remove())

  it('is its children when the page is not being hydrated', () => {
    render(page)
    act(() => screen.getByRole('button', { name: 'below 0' }).click())
    expect(screen.getByRole('button', { name: 'below 1' })).toBeInTheDocument()
  })

  it('attaches to its part of the server’s markup in a later task, keeping the elements', async () => {
    const root = document.createElement('div')
    root.id = 'root'
    root.setAttribute('data-server-rendered', '')
    root.innerHTML = renderToString(page)
    document.body.append(root)
    const top = screen.getByRole('button', { name: 'top 0' })
    const below = screen.getByRole('button', { name: 'below 0' })

    act(() => void hydrateRoot(root, page))
    // The rest of the page is attached, this part not yet.
    act(() => top.click())
    expect(top).toHaveTextContent('top 1')
    act(() => below.click())
    expect(below).toHaveTextContent('below 0')

    await nextTask()
    act(() => below.click())
    expect(below).toHaveTextContent('below 1')
    expect(screen.getByRole('button', { name: 'below 1' })).toBe(below)
    expect(root.querySelectorAll('section')).toHaveLength(1)
  })
})
