// CSV both ways: the cells Inkwell writes (earnings, subscribers) and the files people give it
// (a subscriber list exported by another newsletter service).
//
// Writing: RFC 4180: CRLF line ends, every field quoted when it holds a comma, quote, CR or LF,
// quotes doubled. Text a person wrote (a name, a book's title) could start a formula in a
// spreadsheet: a cell starting with = + - @ (or a tab or CR) gets a leading ' (OWASP's CSV
// injection advice). Numbers the server writes are not text cells, so a refund's -8.50 stays a number.

const FORMULA_START = /^[=+\-@\t\r]/

/** A text cell: neutralised if it could start a formula, quoted if it must be. */
export function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** One line of text cells, with its CRLF. */
export const csvLine = (cells: string[]) => `${cells.map(textCell).join(',')}\r\n`

/** A file that is not CSV as RFC 4180 (and the spreadsheets that write it) means it. */
export class CsvError extends Error {
  constructor(
    readonly code: 'unclosed_quote' | 'text_after_quote' | 'too_many_records',
    message: string,
    /** The file's line (from 1) where the fault is. */
    readonly line: number,
  ) {
    super(message)
  }
}

export interface CsvRecord {
  /** The line (from 1) the record starts on: a quoted field may hold line breaks. */
  line: number
  fields: string[]
}

const DELIMITERS = [',', ';', '\t'] as const

/**
 * The delimiter the first line uses most, outside quotes: a comma unless the file is one of the
 * semicolon or tab files some spreadsheets write (a one-column file has none: a comma).
 */
function delimiterOf(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  for (const c of text) {
    if (c === '"') quoted = !quoted
    else if (!quoted && (c === '\n' || c === '\r')) break
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1)
  }
  let best = ','
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d
  return best
}

/**
 * Reads CSV: a byte-order mark is dropped; lines end in CRLF, LF or CR; a quoted field may hold
 * delimiters, doubled quotes and line breaks; a quote inside an unquoted field is kept as text.
 * Blank lines (nothing but delimiters and spaces) are skipped. Stops with a CsvError at a quoted field never closed, at text after a
 * closing quote, or at the record past `maxRecords`.
 */
export function parseCsv(input: string, { maxRecords = Number.POSITIVE_INFINITY } = {}): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  const delimiter = delimiterOf(text)
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let recordLine = 1
  let quotedFrom = 0
  let i = 0

  const endRecord = () => {
    fields.push(field)
    const blank = fields.every((f) => f.trim() === '')
    if (!blank) {
      if (records.length >= maxRecords)
        throw new CsvError('too_many_records', `The file has more than ${maxRecords} rows`, recordLine)
      records.push({ line: recordLine, fields })
    }
    fields = []
    field = ''
  }
  /** Past a line break at i (CRLF counts once): the next record starts on the next line. */
  const newline = () => {
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1
    line++
  }

  while (i < text.length) {
    const c = text[i]
    if (c === '"' && field === '') {
      // A quoted field: up to the quote that is not doubled.
      quotedFrom = line
      i++
      for (;;) {
        if (i >= text.length)
          throw new CsvError('unclosed_quote', 'A quoted field is never closed', quotedFrom)
        const q = text[i]
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          i++
          break
        }
        if (q === '\r' || q === '\n') {
          field += q === '\r' && text[i + 1] === '\n' ? '\r\n' : q
          newline()
          continue
        }
        field += q
        i++
      }
      const next = text[i]
      if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n')
        throw new CsvError(
          'text_after_quote',
          'There is text after a closing quote: quote the whole field',
          line,
        )
      continue
    }
    if (c === delimiter) {
      fields.push(field)
      field = ''
      i++
      continue
    }
    if (c === '\r' || c === '\n') {
      endRecord()
      newline()
      recordLine = line
      continue
    }
    field += c
    i++
  }
  if (field !== '' || fields.length > 0) endRecord()
  return records
}
