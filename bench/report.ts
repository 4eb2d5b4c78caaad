import type { LoadResult } from './load.ts'

// Plain-text tables and number formats for the benchmark report.

export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—')
export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : '—')
export const ratio = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 2 : 1)}×` : '—')

/** A fraction of a baseline, readable when small: 0.0063× (1/160). */
export const share = (n: number) => {
  if (!Number.isFinite(n) || n <= 0) return '—'
  if (n >= 0.5) return `${n.toFixed(2)}×`
  return `${Number(n.toPrecision(2))}× (1/${Math.round(1 / n)})`
}

/** A left-aligned first column, right-aligned numbers after it. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n')
}

export function heading(text: string): string {
  return `\n${text}\n${'═'.repeat(text.length)}`
}

/** A load measurement as a table row: req/s, p50, p99 and its rate as a share of the bare route's. */
export const loadRow = (label: string, r: LoadResult, bare: LoadResult) => [
  label,
  int(r.rps),
  ms(r.p50),
  ms(r.p99),
  r === bare ? '1.00×' : share(r.rps / bare.rps),
]
