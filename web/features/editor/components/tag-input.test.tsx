import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { addTag, TagInput } from './tag-input.tsx'

function Harness({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial)
  return <TagInput tags={tags} onChange={setTags} />
}

const chips = () =>
  [...screen.getByRole('list', { name: 'Tags added' }).querySelectorAll('li')].map((li) => li.textContent)

describe('addTag', () => {
  it('trims, lower-cases and refuses duplicates, overlong tags and an eleventh tag', () => {
    expect(addTag([], '  Physics ')).toEqual({ tags: ['physics'], problem: null })
    expect(addTag(['physics'], 'PHYSICS').problem).toBe('“physics” is already a tag')
    expect(addTag([], 'x'.repeat(33)).problem).toBe('Keep each tag under 32 characters')
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`)
    expect(addTag(ten, 'more')).toEqual({ tags: ten, problem: 'Add at most 10 tags' })
    expect(addTag(['a'], '   ')).toEqual({ tags: ['a'], problem: null })
  })
})

describe('TagInput', () => {
  it('adds tags with Enter or a comma, dedupes them and removes them', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const input = screen.getByLabelText('Tags')
    await user.type(input, 'Optics{Enter}waves,')
    expect(chips()).toEqual(['optics', 'waves'])
    expect(screen.getByText('2 of 10 tags')).toBeInTheDocument()

    await user.type(input, 'OPTICS{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('“optics” is already a tag')
    expect(chips()).toEqual(['optics', 'waves'])

    await user.clear(input)
    await user.click(screen.getByRole('button', { name: 'Remove tag optics' }))
    expect(chips()).toEqual(['waves'])
    await user.type(input, '{Backspace}')
    expect(chips()).toEqual([])
  })

  it('stops at ten tags', async () => {
    const user = userEvent.setup()
    render(<Harness initial={Array.from({ length: 9 }, (_, i) => `tag${i}`)} />)
    await user.type(screen.getByLabelText('Tags'), 'tenth{Enter}')
    expect(chips()).toHaveLength(10)
    expect(screen.getByLabelText('Tags')).toBeDisabled()
    expect(screen.getByLabelText('Tags')).toHaveAttribute('placeholder', 'Tag limit reached')
  })
})
