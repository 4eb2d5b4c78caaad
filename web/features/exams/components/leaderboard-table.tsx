import type { LeaderboardRow } from '#common/schemas/exam-leaderboard.ts'

import { Avatar } from '#web/components/ui/avatar.tsx'
import { DataTable } from '#web/components/ui/table.tsx'
import { formatDuration, formatPercent, formatScore } from '../format.ts'

function Row({ row, mine }: { row: LeaderboardRow; mine: boolean }) {
  return (
    <tr
      aria-current={mine ? 'true' : undefined}
      className={mine ? 'bg-accent-400/20 font-semibold' : undefined}
    >
      <td className="px-4 py-2.5 text-stone-900 tabular-nums">
        {row.rank <= 3 ? <span className={MEDALS[row.rank - 1]}>{row.rank}</span> : row.rank}
      </td>
      <th scope="row" className="px-4 py-2.5 text-left font-medium">
        <span className="flex min-w-0 items-center gap-2">
          <span className="hidden sm:inline-flex">
            <Avatar name={row.user.name} image={row.user.image} size="sm" />
          </span>
          <span className="truncate">{row.user.name}</span>
          {mine && (
            <span className="shrink-0 rounded-full bg-ink-900 px-2 py-0.5 text-xs font-semibold text-white">
              You
            </span>
          )}
        </span>
      </th>
      <td className="px-4 py-2.5 text-right tabular-nums">{formatScore(row.score)}</td>
      <td className="px-4 py-2.5 text-right tabular-nums">{formatPercent(row.percent)}</td>
      <td className="hidden px-4 py-2.5 text-right whitespace-nowrap tabular-nums sm:table-cell">
        {formatDuration(row.durationSeconds)}
      </td>
    </tr>
  )
}

const MEDALS = [
  'inline-flex size-7 items-center justify-center rounded-full bg-accent-400 font-bold text-stone-900',
  'inline-flex size-7 items-center justify-center rounded-full bg-stone-300 font-bold text-stone-900',
  'inline-flex size-7 items-center justify-center rounded-full bg-amber-700 font-bold text-white',
]

/**
 * The ranked table: tied people share a rank (the server ranks them). My row is highlighted, and
 * added after a gap when I rank outside the rows shown.
 */
export function LeaderboardTable({ rows, me }: { rows: LeaderboardRow[]; me: LeaderboardRow | null }) {
  const meShown = me !== null && rows.some((row) => row.user.id === me.user.id)
  return (
    <DataTable
      caption="Best attempt per person, by score then time taken"
      tableClassName="table-fixed"
      columns={[
        { label: 'Rank', className: 'w-16 sm:w-20' },
        { label: 'Person' },
        { label: 'Score', align: 'right', className: 'w-16 sm:w-20' },
        { label: '%', align: 'right', className: 'w-16 sm:w-20' },
        { label: 'Time', align: 'right', className: 'hidden w-32 sm:table-cell' },
      ]}
      after={
        me &&
        !meShown && (
          <tbody className="border-t-2 border-dashed border-stone-300">
            <Row row={me} mine />
          </tbody>
        )
      }
    >
      {rows.map((row) => (
        <Row key={row.user.id} row={row} mine={row.user.id === me?.user.id} />
      ))}
    </DataTable>
  )
}
