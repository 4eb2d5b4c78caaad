import { NAME_MAX_LENGTH, SUBSCRIBER_IMPORT_MAX_ROWS } from '#common/constants.ts'
import { CsvError, parseCsv } from '#server/core/csv.ts'
import { AppError } from '#server/errors.ts'

// A subscriber list as another newsletter service exports it: Substack's CSV (email, name,
// active_subscription, expiry, plan, email_disabled, created_at, …) or any CSV whose header names
// an email column. What cannot be read as such a list is refused whole, before anything is written.

export interface CsvSubscriber {
  /** The file's line the row starts on (the header is line 1). */
  line: number
  /** The email cell as written, trimmed. */
  email: string
  name: string
  /** The export says mail to this address was turned off (Substack's email_disabled). */
  mailOff: boolean
}

/** A header cell as compared: lower case, `_` and `-` as spaces ("E-mail Address" → "e mail address"). */
const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')

const EMAIL_HEADERS = ['email', 'e mail', 'email address', 'e mail address']
const NAME_HEADERS = ['name', 'full name']
const YES = new Set(['true', 'yes', '1', 'y'])
const ROWS = SUBSCRIBER_IMPORT_MAX_ROWS.toLocaleString('en')

const malformed = (message: string) => new AppError('bad_request', message, { csv: message })

const cleanName = (name: string) => name.replace(/\s+/g, ' ').trim().slice(0, NAME_MAX_LENGTH).trim()

/** The file's rows, or a 400 saying what makes it unreadable as a subscriber list. */
export function readSubscriberCsv(csv: string): CsvSubscriber[] {
  let records: ReturnType<typeof parseCsv>
  try {
    records = parseCsv(csv, { maxRecords: SUBSCRIBER_IMPORT_MAX_ROWS + 1 })
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    if (error.code === 'too_many_records')
      throw malformed(`The file has more than ${ROWS} rows: split it and import each part`)
    throw malformed(`This file cannot be read as CSV: line ${error.line}: ${error.message.toLowerCase()}`)
  }
  const [header, ...rows] = records
  if (!header) throw malformed('The file is empty')
  const keys = header.fields.map(headerKey)
  const column = (names: string[]) => keys.findIndex((key) => names.includes(key))
  const email = column(EMAIL_HEADERS)
  if (email < 0)
    throw malformed(
      'The first row must name the columns, one of them “email” (as in the CSV Substack exports)',
    )
  if (rows.length === 0) throw malformed('The file has a header row but no addresses under it')
  const name = column(NAME_HEADERS)
  const first = column(['first name'])
  const last = column(['last name'])
  const mailOff = column(['email disabled'])
  const cell = (fields: string[], index: number) => (index < 0 ? '' : (fields[index] ?? ''))

  return rows.map(({ line, fields }) => ({
    line,
    email: cell(fields, email).trim(),
    name: cleanName(
      name >= 0 ? cell(fields, name) : `${cell(fields, first).trim()} ${cell(fields, last).trim()}`,
    ),
    mailOff: YES.has(cell(fields, mailOff).trim().toLowerCase()),
  }))
}
