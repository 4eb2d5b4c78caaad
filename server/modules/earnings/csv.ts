import type { EarningLine } from '#common/schemas/earnings.ts'
import { textCell } from '#server/core/csv.ts'

// Its text cells are written by core/csv.ts (quoted as needed, never a spreadsheet formula);
// amounts are numbers the server writes, so a refund's -8.50 stays a number.

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
