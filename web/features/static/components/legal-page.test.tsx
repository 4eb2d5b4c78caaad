import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '#web/test/render.tsx'
import { LegalPage } from './legal-page.tsx'

describe('LegalPage', () => {
  it('shows the title, the date and a table of contents that links to each section', () => {
    renderAt(
      <LegalPage
        title="Privacy policy"
        intro={<p>What we keep.</p>}
        sections={[
          { id: 'cookies', title: 'Cookies', content: <p>One session cookie.</p> },
          { id: 'rights', title: 'Your rights', content: <p>Delete your account in Settings.</p> },
        ]}
      />,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument()
    expect(screen.getByText('21 November 2026')).toHaveAttribute('datetime', '2026-11-21')

    const toc = screen.getByRole('navigation', { name: 'On this page' })
    const links = within(toc).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#cookies', '#rights'])
    // Each entry points at the section of the same name.
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1))
      expect(target).toHaveAccessibleName(link.textContent!.replace(/^\s*\d+\.\s*/, ''))
    }
    expect(screen.getByRole('region', { name: 'Your rights' })).toHaveTextContent(
      'Delete your account in Settings.',
    )
  })
})
