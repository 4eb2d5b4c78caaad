import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SUBSCRIBER_IMPORT_MAX_BYTES } from '#common/constants.ts'
import type { ImportedSubscriber, SubscriberImportReport } from '#common/schemas/newsletters.ts'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { SubscribersPanel } from './subscribers-panel.tsx'

// The Subscribers tab's import (choose a CSV, see the dry run's report, import), its list of
// imported addresses (statuses, counts, remove) and the export link.

const CSV = 'email,name\nada@example.com,Ada\nbad,Nobody\nlin@example.com,Lin\n'

const report = (
  dryRun: boolean,
  overrides: Partial<SubscriberImportReport> = {},
): SubscriberImportReport => ({
  dryRun,
  rows: 3,
  imported: 2,
  refusedCount: 1,
  refused: [{ line: 3, email: 'bad', reason: 'invalid_email', status: null }],
  ...overrides,
})

function contact(n: number, overrides: Partial<ImportedSubscriber> = {}): ImportedSubscriber {
  return {
    id: `5a1b2c3d-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `reader${n}@example.com`,
    name: `Reader ${n}`,
    status: 'pending',
    confirmSentAt: '2026-11-20T10:00:00.000Z',
    confirmedAt: null,
    unsubscribedAt: null,
    bounceReason: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  }
}

const counts = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 }
const subscribers = () =>
  jsonResponse({ items: [], nextCursor: null, paidCount: 0, freeCount: 0, monthlyPrice: 0 })

/** The server: the import answers `answer` to each request (by dry run); the list holds `list`. */
function serve(
  answer: (body: { csv: string; dryRun: boolean }) => Response,
  list: { items: ImportedSubscriber[]; counts: typeof counts } = { items: [], counts },
) {
  return stubFetch({
    '/api/me/subscribers': subscribers,
    '/api/me/subscribers/imported': () => jsonResponse({ ...list, nextCursor: null }),
    'POST /api/me/subscribers/import': (_url, init) =>
      answer(bodyOf(init) as { csv: string; dryRun: boolean }),
    'DELETE /api/me/subscribers/imported/5a1b2c3d-0000-4000-8000-000000000002': () => {
      list.items = list.items.filter((c) => c.email !== 'reader2@example.com')
      list.counts = { ...list.counts, confirmed: list.counts.confirmed - 1 }
      return new Response(null, { status: 204 })
    },
  })
}

const file = (text: string, name = 'substack.csv') => new File([text], name, { type: 'text/csv' })

describe('the Subscribers tab: import from CSV', () => {
  it('previews a file (a dry run), lists the refused rows, then imports and says mails are on their way', async () => {
    const list = { items: [] as ImportedSubscriber[], counts }
    const fetch = serve((body) => {
      if (!body.dryRun)
        list.items = [contact(1, { email: 'ada@example.com' }), contact(3, { email: 'lin@example.com' })]
      if (!body.dryRun) list.counts = { ...counts, pending: 2 }
      return jsonResponse(report(body.dryRun))
    }, list)
    const { user } = renderAt(<SubscribersPanel />, '/subscriptions?tab=subscribers')

    const open = await screen.findByRole('button', { name: 'Import from CSV' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await user.click(open)
    expect(open).toHaveAttribute('aria-expanded', 'true')
    const input = screen.getByLabelText('CSV file')
    expect(input).toHaveFocus()
    expect(input).toHaveAttribute('accept', '.csv,text/csv')
    await user.upload(input, file(CSV))

    const heading = await screen.findByRole('heading', { name: 'Preview of substack.csv' })
    expect(heading).toHaveFocus()
    const table = screen.getByRole('table', { name: "Rows that won't be imported from substack.csv" })
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('3badNot an e-mail address')
    const posts = () => callsTo(fetch, '/api/me/subscribers/import').map(([, init]) => bodyOf(init))
    expect(posts()).toEqual([{ csv: CSV, dryRun: true }])

    await user.click(screen.getByRole('button', { name: 'Import 2 addresses' }))
    // The outcome is announced (a status) and takes the focus.
    const outcome = await screen.findByText(/Imported 2 addresses\./)
    expect(outcome.closest('[role="status"]')).toBeInTheDocument()
    await waitFor(() => expect(outcome.closest('[tabindex="-1"]')).toHaveFocus())
    expect(screen.getByText(/Confirmation mails are on their way/)).toBeInTheDocument()
    expect(posts()).toEqual([
      { csv: CSV, dryRun: true },
      { csv: CSV, dryRun: false },
    ])
    // The list is read again and shows the new addresses, waiting to confirm.
    const imported = await screen.findByRole('region', { name: 'Imported addresses' })
    expect(await within(imported).findByText('ada@example.com')).toBeInTheDocument()
    expect(imported).toHaveTextContent('0 confirmed·2 waiting to confirm')
  })

  it('says why a file is refused, beside the file, and imports nothing', async () => {
    const fetch = serve(() =>
      jsonResponse(
        {
          error: {
            code: 'bad_request',
            message: 'The first row must name the columns',
            fields: { csv: 'The first row must name the columns, one of them “email”' },
          },
        },
        400,
      ),
    )
    const { user } = renderAt(<SubscribersPanel />)
    await user.click(await screen.findByRole('button', { name: 'Import from CSV' }))
    const input = screen.getByLabelText('CSV file')
    await user.upload(input, file('name\nAda\n'))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The first row must name the columns, one of them “email”',
    )
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveFocus()
    expect(callsTo(fetch, '/api/me/subscribers/import')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument()
  })

  it('refuses a file over the size limit without sending it', async () => {
    const fetch = serve(() => jsonResponse(report(true)))
    const { user } = renderAt(<SubscribersPanel />)
    await user.click(await screen.findByRole('button', { name: 'Import from CSV' }))
    await user.upload(screen.getByLabelText('CSV file'), file('x'.repeat(SUBSCRIBER_IMPORT_MAX_BYTES + 1)))
    expect(await screen.findByRole('alert')).toHaveTextContent('That file is larger than 1 MB')
    expect(callsTo(fetch, '/api/me/subscribers/import')).toEqual([])
  })

  it('offers no import when nothing in the file is new, and counts rows it does not list', async () => {
    serve(() =>
      jsonResponse(
        report(true, {
          imported: 0,
          refusedCount: 1200,
          refused: [
            { line: 2, email: 'ada@example.com', reason: 'already_imported', status: 'unsubscribed' },
          ],
        }),
      ),
    )
    const { user } = renderAt(<SubscribersPanel />)
    await user.click(await screen.findByRole('button', { name: 'Import from CSV' }))
    await user.upload(screen.getByLabelText('CSV file'), file(CSV))
    expect(await screen.findByText('There is nothing new to import from this file.')).toBeInTheDocument()
    expect(screen.getByRole('table')).toHaveTextContent('Already imported (unsubscribed)')
    expect(screen.getByText('And 1,199 more rows not listed here.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Choose another file' }))
    expect(screen.getByLabelText('CSV file')).toHaveFocus()
  })

  it('links the export, a download', async () => {
    serve(() => jsonResponse(report(true)))
    renderAt(<SubscribersPanel />)
    const link = await screen.findByRole('link', { name: 'Export CSV' })
    expect(link).toHaveAttribute('href', '/api/me/subscribers/export')
    expect(link).toHaveAttribute('download')
  })
})

describe('the Subscribers tab: imported addresses', () => {
  it('shows each address and where it stands, and removes one after asking', async () => {
    const fetch = serve(() => jsonResponse(report(true)), {
      items: [
        contact(1),
        contact(2, { status: 'confirmed', confirmedAt: '2026-11-22T10:00:00.000Z' }),
        contact(3, { status: 'bounced', bounceReason: '550 no such mailbox' }),
        contact(4, { status: 'unsubscribed', unsubscribedAt: '2026-11-23T10:00:00.000Z' }),
        contact(5, { confirmSentAt: null }),
      ],
      counts: { pending: 2, confirmed: 1, unsubscribed: 1, bounced: 1 },
    })
    const { user } = renderAt(<SubscribersPanel />)
    const region = await screen.findByRole('region', { name: 'Imported addresses' })
    expect(region).toHaveTextContent('1 confirmed·2 waiting to confirm·1 unsubscribed·1 bounced')
    // The counts at the top lead to the list.
    expect(screen.getByRole('link', { name: '5 imported' })).toHaveAttribute('href', '#imported-addresses')
    const item = (email: string) => within(region).getByText(email).closest('li') as HTMLElement
    expect(item('reader1@example.com')).toHaveTextContent('Reader 1Waiting to confirmAsked on 20 Nov 2026')
    expect(item('reader5@example.com')).toHaveTextContent('Confirmation mail on its way')
    expect(item('reader2@example.com')).toHaveTextContent('Reader 2ConfirmedSince 22 Nov 2026')
    expect(item('reader3@example.com')).toHaveTextContent('The mail server said: 550 no such mailbox')
    // An address that unsubscribed or bounced stays: it is what stops a later import.
    expect(within(item('reader3@example.com')).queryByRole('button')).not.toBeInTheDocument()
    expect(within(item('reader4@example.com')).queryByRole('button')).not.toBeInTheDocument()

    await user.click(within(region).getByRole('button', { name: 'Remove reader2@example.com' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove reader2@example.com?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByText('reader2@example.com')).not.toBeInTheDocument())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Imported addresses' })).toHaveFocus()
    expect(callsTo(fetch, '/api/me/subscribers/imported/5a1b2c3d-0000-4000-8000-000000000002')).toHaveLength(
      1,
    )
  })

  it('shows nothing while there are none', async () => {
    serve(() => jsonResponse(report(true)))
    renderAt(<SubscribersPanel />)
    await screen.findByRole('button', { name: 'Import from CSV' })
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument())
    expect(screen.queryByRole('region', { name: 'Imported addresses' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /imported/ })).not.toBeInTheDocument()
  })
})
