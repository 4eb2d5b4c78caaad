import { BarChart3, Table2 } from 'lucide-react'
import { useId, useState } from 'react'

/** One line of figures in a chart: its key in each point's values, its name and its colour. */
export interface ChartSeries<K extends string> {
  key: K
  label: string
  /** Tailwind classes for the bars and the legend's swatch, e.g. "fill-ink-700 bg-ink-700". */
  className: string
}

/** One place on the x axis (a month, a day) with a value for each series. */
export interface ChartPoint<K extends string> {
  /** Short, under the bars ("Nov"). */
  label: string
  /** Long, in the table and tooltips ("November 2026"). */
  fullLabel: string
  values: Record<K, number>
}

const HEIGHT = 100
const TICKS = 4

/** A round step for the axis: 1, 2 or 5 times a power of ten. */
function niceStep(span: number) {
  const raw = span / TICKS
  if (raw <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(raw))
  const m = raw / power
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * power
}

/**
 * A grouped bar chart drawn as SVG (no chart library: decision 023), generic over its series, with
 * the same figures as a table: always there for screen readers (the drawing is hidden from them),
 * and on the screen after "Show as table".
 */
export function BarChart<K extends string>({
  title,
  series,
  points,
  formatValue,
  formatTick = formatValue,
}: {
  title: string
  series: ReadonlyArray<ChartSeries<K>>
  points: ReadonlyArray<ChartPoint<K>>
  formatValue: (value: number) => string
  formatTick?: (value: number) => string
}) {
  const [asTable, setAsTable] = useState(false)
  const titleId = useId()
  const all = points.flatMap((point) => series.map((s) => point.values[s.key]))
  const rawMax = Math.max(0, ...all)
  const rawMin = Math.min(0, ...all)
  const step = niceStep(rawMax - rawMin || 1)
  const max = Math.ceil(rawMax / step) * step || step
  const min = Math.floor(rawMin / step) * step
  const span = max - min
  const y = (value: number) => HEIGHT - ((value - min) / span) * HEIGHT
  const ticks: number[] = []
  for (let t = min; t <= max + step / 2; t += step) ticks.push(t)

  const phoneLabelStep = Math.max(1, Math.ceil(points.length / 4))
  const groupWidth = 100 / Math.max(points.length, 1)
  const barWidth = (groupWidth * 0.7) / series.length

  const table = (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{title}</caption>
      <thead className="border-b border-stone-200 text-xs text-stone-500 uppercase">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            Period
          </th>
          {series.map((s) => (
            <th key={s.key} scope="col" className="py-2 pr-3 text-right font-medium">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {points.map((point) => (
          <tr key={point.fullLabel}>
            <th scope="row" className="py-2 pr-3 font-normal text-stone-700">
              {point.fullLabel}
            </th>
            {series.map((s) => (
              <td key={s.key} className="py-2 pr-3 text-right tabular-nums">
                {formatValue(point.values[s.key])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )

  return (
    <figure aria-labelledby={titleId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <figcaption id={titleId} className="font-medium text-stone-900">
          {title}
        </figcaption>
        <button
          type="button"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-ink-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-ink-600"
        >
          {asTable ? <BarChart3 className="size-4" aria-hidden /> : <Table2 className="size-4" aria-hidden />}
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </div>
      {!asTable && (
        <div aria-hidden="true">
          <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
            {series.map((s) => (
              <li key={s.key} className="inline-flex items-center gap-1.5">
                <span className={`size-3 rounded-sm ${s.className}`} />
                {s.label}
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <div className="relative h-48 w-14 shrink-0 text-right text-xs text-stone-500 tabular-nums sm:h-56">
              {ticks.map((tick) => (
                <span
                  key={tick}
                  className="absolute right-0 -translate-y-1/2"
                  style={{ top: `${(y(tick) / HEIGHT) * 100}%` }}
                >
                  {formatTick(tick)}
                </span>
              ))}
            </div>
            <div className="min-w-0 flex-1">
              <svg
                className="block h-48 w-full overflow-visible sm:h-56"
                viewBox={`0 0 100 ${HEIGHT}`}
                preserveAspectRatio="none"
                role="presentation"
              >
                {ticks.map((tick) => (
                  <line
                    key={tick}
                    x1={0}
                    x2={100}
                    y1={y(tick)}
                    y2={y(tick)}
                    className={tick === 0 ? 'stroke-stone-400' : 'stroke-stone-200'}
                    strokeWidth={1}
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
                {points.map((point, i) =>
                  series.map((s, j) => {
                    const value = point.values[s.key]
                    const top = y(Math.max(value, 0))
                    const height = Math.abs(y(value) - y(0))
                    return (
                      <rect
                        key={`${point.fullLabel}-${s.key}`}
                        x={i * groupWidth + groupWidth * 0.15 + j * barWidth}
                        y={top}
                        width={barWidth * 0.9}
                        height={Math.max(height, 0)}
                        className={s.className}
                      >
                        <title>{`${point.fullLabel}, ${s.label}: ${formatValue(value)}`}</title>
                      </rect>
                    )
                  }),
                )}
              </svg>
              <div className="mt-1 flex text-xs text-stone-500">
                {points.map((point, i) => (
                  <span
                    key={point.fullLabel}
                    // Narrow slots: labels may overflow their slot, so a phone shows about four of them
                    // (every third of 12 months; every fourth of Overview's 14 weeks, which overlap at 320 px).
                    className={`min-w-0 flex-1 text-center whitespace-nowrap ${i % phoneLabelStep === 0 ? '' : 'max-sm:invisible'}`}
                  >
                    {point.label}
                  </span>
                ))}
              </div>
            </div>
          </div>
        </div>
      )}
      {/* A table cannot be narrower than its cells, so it is hidden inside a box that can. */}
      {asTable ? <div className="overflow-x-auto">{table}</div> : <div className="sr-only">{table}</div>}
    </figure>
  )
}
