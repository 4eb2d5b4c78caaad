import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  type SubjectMastery as SubjectMasteryBody,
  SubjectMastery as SubjectMasterySchema,
} from '#common/schemas/mastery.ts'
import { meBody } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { MasteryLevelCard } from './mastery-level.tsx'
import { SubjectLevels } from './subject-levels.tsx'
import { SubjectMastery } from './subject-mastery.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const mastery = (overrides: Partial<SubjectMasteryBody> = {}) =>
  SubjectMasterySchema.parse({
    subject: { slug: 'physics', name: 'Physics' },
    level: 'familiar',
    exams: 2,
    averagePercent: 62.5,
    cards: 5,
    remembered: 1,
    next: {
      level: 'proficient',
      steps: [
        'Bring your average best score in Physics to 70% or more (it is 62.5%): retake an exam or take another',
        'Practise until 2 more Physics cards are remembered (1 of 5 now)',
      ],
    },
    ...overrides,
  })

describe('MasteryLevelCard', () => {
  it('names the level in words, marks the steps reached in text, and says what the next level needs', () => {
    renderAt(<MasteryLevelCard mastery={mastery()} />)
    const card = screen.getByRole('region', { name: 'Your level in Physics' })
    expect(within(card).getByText('Familiar', { selector: 'p' })).toBeInTheDocument()
    expect(card).toHaveAccessibleDescription(
      'Your best scores average 62.5% over 2 exams; 1 of 5 practice cards remembered. Only you can see your level.',
    )
    const steps = within(card).getAllByRole('listitem').slice(0, 4)
    expect(steps.map((step) => step.textContent)).toEqual([
      'Attempted: reached',
      'Familiar: your level',
      'Proficient: not reached yet',
      'Mastered: not reached yet',
    ])
    expect(steps[1]).toHaveAttribute('aria-current', 'step')
    expect(within(card).getByRole('heading', { name: 'To reach Proficient' })).toBeInTheDocument()
    expect(
      within(card).getByText('Practise until 2 more Physics cards are remembered (1 of 5 now)'),
    ).toBeInTheDocument()
  })

  it('says Not started and the first step before any exam, and nothing to reach at Mastered', () => {
    const { unmount } = renderAt(
      <MasteryLevelCard
        mastery={mastery({
          level: null,
          exams: 0,
          averagePercent: null,
          cards: 0,
          remembered: 0,
          next: { level: 'attempted', steps: ['Take a Physics exam'] },
        })}
      />,
    )
    expect(screen.getByText('Not started')).toBeInTheDocument()
    expect(screen.getByText('You have not taken a Physics exam yet.', { exact: false })).toBeInTheDocument()
    expect(screen.getByText('Take a Physics exam')).toBeInTheDocument()
    unmount()
    renderAt(
      <MasteryLevelCard mastery={mastery({ level: 'mastered', cards: 0, remembered: 0, next: null })} />,
    )
    expect(screen.getByText('Mastered', { selector: 'p' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /To reach/ })).toBeNull()
  })
})

describe('SubjectMastery (a subject hub, the results page)', () => {
  it('invites a signed-out visitor to sign in and asks the server nothing', async () => {
    const fetch = stubFetch()
    renderAt(<SubjectMastery slug="physics" name="Physics" />, '/subject/physics')
    expect(screen.getByRole('heading', { name: 'Your level in Physics' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fsubject%2Fphysics',
    )
    expect(fetch).not.toHaveBeenCalled()
  })

  it("shows a signed-in reader's own level in the subject", async () => {
    fakeAuth.signedIn()
    stubFetch({ '/api/me': jsonResponse(meBody()), '/api/me/mastery/physics': jsonResponse(mastery()) })
    renderAt(<SubjectMastery slug="physics" name="Physics" />, '/subject/physics')
    const card = await screen.findByRole('region', { name: 'Your level in Physics' })
    expect(within(card).getByText('Familiar', { selector: 'p' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull()
  })

  it('says when the level could not be read, with a way to try again', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me': jsonResponse(meBody()),
      '/api/me/mastery/physics': errorResponse(404, 'not_found', 'That subject does not exist'),
    })
    renderAt(<SubjectMastery slug="physics" name="Physics" />, '/subject/physics')
    expect(await screen.findByText("We couldn't load your level in Physics.")).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

describe('SubjectLevels (for the dashboard)', () => {
  it('lists my subjects with their levels in words, each linking to its page', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me': jsonResponse(meBody()),
      '/api/me/mastery': jsonResponse([
        mastery({ subject: { slug: 'chemistry', name: 'Chemistry' }, level: 'mastered', next: null }),
        mastery(),
      ]),
    })
    renderAt(<SubjectLevels />)
    const list = await screen.findByRole('list', { name: 'Your level in each subject' })
    const links = within(list).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'Chemistry, levelMastered',
      'Physics, levelFamiliar',
    ])
    expect(links[1]).toHaveAttribute('href', '/subject/physics')
  })

  it('says to take an exam while there is no level yet', async () => {
    fakeAuth.signedIn()
    stubFetch({ '/api/me': jsonResponse(meBody()), '/api/me/mastery': jsonResponse([]) })
    renderAt(<SubjectLevels />)
    expect(await screen.findByText(/Take an exam to see your level/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse exams' })).toHaveAttribute('href', '/exams')
  })
})
