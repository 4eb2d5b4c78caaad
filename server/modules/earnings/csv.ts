import type { EarningLine } from '#common/schemas/earnings.ts'

// RFC 4180: CRLF line ends, every field quoted when it holds a comma, quote, CR or LF, quotes
// doubled. Text a person wrote (a book's title) could start a formula in a spreadsheet: a cell
// starting with = + - @ (or a tab or CR) gets a leading ' (OWASP's CSV injection advice). Amounts
// are numbers the server writes, so a refund's -8.50 stays a number.

const FORMULA_START = /^[=+\-@\t\r]/

/** A text cell: neutralised if it could start a formula, quoted if it must be. */
export function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** Minor units as a decimal amount ("-8.50"), for a currency with two decimals. */
export const amountCell = (minor: number) => {
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

export const EARNINGS_CSV_HEADER = [
  'date',
  'kind',
  'description',
  'item',
  'gross',
  'fee',
  'net',
  'pending',
  'available',
  'payout_pending',
  'owed',
  'currency',
  'reference',
]

export function earningsCsv(lines: EarningLine[]): string {
  const rows = lines.map((l) =>
    [
      textCell(l.createdAt),
      textCell(l.kind),
      textCell(l.description),
      textCell(l.item?.title ?? ''),
      amountCell(l.gross),
      amountCell(l.fee),
      amountCell(l.net),
      amountCell(l.pending),
      amountCell(l.available),
      amountCell(l.payoutPending),
      amountCell(l.owed),
      textCell(l.currency),
      textCell(l.id),
    ].join(','),
  )
  return `${[EARNINGS_CSV_HEADER.join(','), ...rows].join('\r\n')}\r\n`
}
