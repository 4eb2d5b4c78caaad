import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { SUBJECTS_WITH_COUNTS } from '#web/test/builders.ts'
import { callsTo, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { InterestsPicker } from './interests-picker.tsx'

function Harness({ initial = [], max }: { initial?: string[]; max?: number }) {
  const [value, setValue] = useState<string[]>(initial)
  return (
    <>
      <InterestsPicker value={value} onChange={setValue} max={max} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  )
}

describe('InterestsPicker', () => {
  it('lists the subjects from the server as checkboxes, grouped by kind, and toggles them', async () => {
    stubFetch({ '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS) })
    const { user } = renderAt(<Harness initial={['physics']} />)

    const group = screen.getByRole('group', { name: 'Subjects of interest' })
    const physics = await within(group).findByRole('checkbox', { name: 'Physics' })
    expect(physics).toBeChecked()
    expect(screen.getByText('Stories and general')).toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Fiction' }))
    expect(screen.getByRole('checkbox', { name: 'Fiction' })).toBeChecked()
    await user.click(physics)
    expect(physics).not.toBeChecked()
    expect(screen.getByTestId('value')).toHaveTextContent(/^fiction$/)
  })

  it('stops at the maximum: the other subjects are disabled until one is unselected', async () => {
    stubFetch({ '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS) })
    const { user } = renderAt(<Harness initial={['mathematics']} max={2} />)

    await user.click(await screen.findByRole('checkbox', { name: 'History' }))
    expect(screen.getByText(/picked the maximum of 2/)).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Physics' })).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'Fiction' })).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Physics' }))
    expect(screen.getByTestId('value')).toHaveTextContent(/^mathematics,history$/)

    await user.click(screen.getByRole('checkbox', { name: 'Mathematics' }))
    expect(screen.getByRole('checkbox', { name: 'Physics' })).toBeEnabled()
    expect(screen.queryByText(/picked the maximum/)).not.toBeInTheDocument()
  })

  it('says when the subjects cannot be loaded, and tries again on request', async () => {
    let fail = true
    const fetch = stubFetch({
      '/api/subjects': () =>
        fail ? errorResponse(404, 'not_found', 'No such endpoint') : jsonResponse(SUBJECTS_WITH_COUNTS),
    })
    const { user } = renderAt(<Harness />)

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the subjects. No such endpoint",
    )
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('checkbox', { name: 'Mathematics' })).toBeInTheDocument()
    expect(callsTo(fetch, '/api/subjects')).toHaveLength(2)
  })

  it('drops a saved subject that is no longer listed, since the server would refuse it', async () => {
    stubFetch({ '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS) })
    renderAt(<Harness initial={['physics', 'astrology']} />)
    expect(await screen.findByRole('checkbox', { name: 'Physics' })).toBeChecked()
    // The unlisted one is dropped by an effect once the list has come: after that render, not in it.
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent(/^physics$/))
  })

  it('has an honest empty state when no subjects exist yet', async () => {
    stubFetch({ '/api/subjects': jsonResponse([]) })
    renderAt(<Harness />)
    expect(await screen.findByText(/No subjects have been set up yet/)).toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
  })
})
