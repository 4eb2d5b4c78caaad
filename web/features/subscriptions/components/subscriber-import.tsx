import { CheckCircle2, FileWarning } from 'lucide-react'
import { type ChangeEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { SUBSCRIBER_IMPORT_MAX_BYTES, SUBSCRIBER_IMPORT_MAX_ROWS } from '#common/constants.ts'
import { SUBSCRIBER_IMPORT_REFUSALS, type SubscriberImportReport } from '#common/schemas/newsletters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { DataTable } from '#web/components/ui/table.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useImportSubscribers } from '../api/imported-subscribers.ts'
import { CONTACT_STATUS_WORDS } from './contact-status.ts'

const MAX_MB = SUBSCRIBER_IMPORT_MAX_BYTES / 1024 / 1024
const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? (error.fields?.csv ?? error.message)
    : 'The file could not be sent. Check your connection and try again.'

type Step =
  | { at: 'choose'; error: string | null }
  | { at: 'preview'; file: string; csv: string; report: SubscriberImportReport; error: string | null }
  | { at: 'done'; report: SubscriberImportReport }

/**
 * Importing a list from another newsletter service: choose a CSV, see what would be imported and
 * which rows would not and why (a dry run: nothing written), then import. Each new address gets
 * one mail asking to confirm; only those who confirm get posts.
 */
export function SubscriberImport({ onClose }: { onClose: () => void }) {
  const inputId = useId()
  const titleId = useId()
  const importing = useImportSubscribers()
  const [step, setStep] = useState<Step>({ at: 'choose', error: null })
  // Where focus goes when the step changes, so the news is heard: the report's heading, the
  // outcome, or back to the file.
  const heading = useRef<HTMLHeadingElement>(null)
  const outcome = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const shown = useRef(step.at)
  // Opened from the Subscribers tab's button: the file is what to choose first.
  useEffect(() => input.current?.focus(), [])
  useEffect(() => {
    if (step.at === shown.current) return
    shown.current = step.at
    const target = { choose: input, preview: heading, done: outcome }[step.at]
    target.current?.focus()
  }, [step.at])

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = '' // the same file chosen again is read again
    if (!file) return
    // Saves sending a file the server would refuse anyway; the server checks everything again.
    if (file.size > SUBSCRIBER_IMPORT_MAX_BYTES) {
      setStep({
        at: 'choose',
        error: `That file is larger than ${MAX_MB} MB. Split it, or export active subscribers only.`,
      })
      return
    }
    if (file.size === 0) {
      setStep({ at: 'choose', error: 'That file is empty.' })
      return
    }
    const csv = await file.text()
    importing.mutate(
      { csv, dryRun: true },
      {
        onSuccess: (report) => setStep({ at: 'preview', file: file.name, csv, report, error: null }),
        onError: (error) => setStep({ at: 'choose', error: messageOf(error) }),
      },
    )
  }

  const onImport = () => {
    if (step.at !== 'preview') return
    importing.mutate(
      { csv: step.csv, dryRun: false },
      {
        onSuccess: (report) => setStep({ at: 'done', report }),
        onError: (error) => setStep({ ...step, error: messageOf(error) }),
      },
    )
  }

  const again = () => setStep({ at: 'choose', error: null })

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={titleId} className="text-lg font-semibold text-stone-900">
        Import subscribers from a CSV
      </h3>
      {step.at === 'choose' && (
        <div className="mt-2 space-y-4">
          <p className="max-w-2xl text-sm leading-6 text-stone-600">
            Moving from Substack or another service? Export your subscribers as a CSV there and choose the
            file here: any CSV with an <span className="font-medium text-stone-800">email</span> column works.
            Each new address gets one e-mail asking to confirm, and only those who confirm get your posts.
            Addresses that unsubscribed or bounced are never added again.
          </p>
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
              CSV file
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => void onPick(event)}
              disabled={importing.isPending}
              aria-invalid={step.error ? true : undefined}
              aria-describedby={`${inputId}-${step.error ? 'error' : 'hint'}`}
              className="block w-full max-w-md rounded-lg text-sm text-stone-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border-0 file:bg-ink-900 file:px-4 file:font-medium file:text-white hover:file:bg-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-600 disabled:opacity-60"
            />
            {step.error ? (
              <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
                {step.error}
              </p>
            ) : (
              <p id={`${inputId}-hint`} className="text-sm text-stone-500">
                Up to {MAX_MB} MB and {SUBSCRIBER_IMPORT_MAX_ROWS.toLocaleString('en')} rows. You'll see what
                would be imported before anything is.
              </p>
            )}
          </div>
          {importing.isPending && (
            <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
              <Spinner size="sm" /> Checking your file…
            </p>
          )}
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
        </div>
      )}
      {step.at === 'preview' && (
        <Preview
          step={step}
          heading={heading}
          busy={importing.isPending}
          onImport={onImport}
          onAgain={again}
        />
      )}
      {step.at === 'done' && (
        <div className="mt-3 space-y-4">
          <div ref={outcome} tabIndex={-1} className="focus:outline-none">
            <Alert tone="success">
              <p className="flex items-start gap-2">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>
                  <span className="font-medium">
                    Imported {count(step.report.imported, 'address', 'addresses')}.
                  </span>{' '}
                  Confirmation mails are on their way: each address shows as confirmed once its owner says
                  yes.
                  {step.report.refusedCount > 0 &&
                    ` ${count(step.report.refusedCount, 'row was', 'rows were')} not imported.`}
                </span>
              </p>
            </Alert>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={again}>
              Import another file
            </Button>
            <Button variant="ghost" size="sm" onClick={onClose}>
              Done
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}

function Preview({
  step,
  heading,
  busy,
  onImport,
  onAgain,
}: {
  step: Extract<Step, { at: 'preview' }>
  heading: RefObject<HTMLHeadingElement | null>
  busy: boolean
  onImport: () => void
  onAgain: () => void
}) {
  const { report, file } = step
  const unlisted = report.refusedCount - report.refused.length
  return (
    <div className="mt-3 space-y-4">
      <h4
        ref={heading}
        tabIndex={-1}
        className="text-base font-medium break-words text-stone-900 focus:outline-none"
      >
        Preview of {file}
      </h4>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-700">
        <li>
          <span className="font-semibold tabular-nums text-stone-900">
            {report.imported.toLocaleString('en')}
          </span>{' '}
          ready to import
        </li>
        <li>
          <span className="font-semibold tabular-nums text-stone-900">
            {report.refusedCount.toLocaleString('en')}
          </span>{' '}
          {report.refusedCount === 1 ? 'row' : 'rows'} refused
        </li>
        <li className="text-stone-500">{count(report.rows, 'row')} in the file</li>
      </ul>
      {report.refused.length > 0 && (
        // A long list scrolls in its box, which the keyboard can reach to scroll it.
        <section
          aria-label={`Refused rows of ${file}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable to scroll it
          tabIndex={0}
          className="max-h-80 overflow-y-auto rounded-xl border border-stone-200 px-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-600"
        >
          <DataTable
            caption={`Rows that won't be imported from ${file}`}
            variant="plain"
            columns={[
              { label: 'Line', className: 'w-14' },
              { label: 'Address' },
              // On a phone the reason sits under the address.
              { label: 'Why', className: 'max-sm:hidden' },
            ]}
          >
            {report.refused.map((row) => {
              const why = `${SUBSCRIBER_IMPORT_REFUSALS[row.reason]}${row.status ? ` (${CONTACT_STATUS_WORDS[row.status].toLowerCase()})` : ''}`
              return (
                <tr key={row.line} className="align-top">
                  <td className="py-2 pr-3 tabular-nums text-stone-500">{row.line}</td>
                  <td className="py-2 pr-3 text-stone-900">
                    <span className="[overflow-wrap:anywhere]">
                      {row.email || <span className="text-stone-400">(empty)</span>}
                    </span>
                    <span className="mt-0.5 block text-stone-600 sm:hidden">{why}</span>
                  </td>
                  <td className="py-2 pr-3 text-stone-700 max-sm:hidden">{why}</td>
                </tr>
              )
            })}
          </DataTable>
        </section>
      )}
      {unlisted > 0 && (
        <p className="text-sm text-stone-600">
          And {count(unlisted, 'more row', 'more rows')} not listed here.
        </p>
      )}
      {step.error && (
        <Alert>
          <p className="flex items-start gap-2">
            <FileWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
            {step.error}
          </p>
        </Alert>
      )}
      {report.imported > 0 ? (
        <p className="text-sm text-stone-600">
          Each gets one e-mail from Inkwell asking to confirm. Nothing else is sent until they do.
        </p>
      ) : (
        <p className="text-sm text-stone-600">There is nothing new to import from this file.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {report.imported > 0 && (
          <Button onClick={onImport} busy={busy}>
            Import {count(report.imported, 'address', 'addresses')}
          </Button>
        )}
        <Button variant="secondary" onClick={onAgain} disabled={busy}>
          Choose another file
        </Button>
      </div>
    </div>
  )
}
