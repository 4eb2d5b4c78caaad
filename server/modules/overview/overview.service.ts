import { sql } from 'drizzle-orm'
import { DEFAULT_CURRENCY } from '#common/constants.ts'
import { postPath } from '#common/paths.ts'
import {
  OVERVIEW_TOP_LIMIT,
  type Overview,
  type OverviewDay,
  type OverviewFigures,
  type TopBook,
  type TopExam,
  type TopPost,
} from '#common/schemas/overview.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { newslettersMailed } from '#server/modules/newsletters/index.ts'
import { rolledUpAt } from './rollup.service.ts'

// A writer's overview, read from the daily rollups only (decision 024): a period of n days is at
// most 2n writer rows (with the period before it, for the comparison) and the items' rows of n
// days, whatever the number of views, likes or sales behind them.

const DAY_MS = 86_400_000
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)

const FIGURES = [
  'views',
  'likes',
  'comments',
  'freeSubscribers',
  'paidSubscribers',
  'bookSales',
  'bookRevenue',
  'examAttempts',
  'examPasses',
] as const satisfies readonly (keyof OverviewFigures)[]

const zero = (): OverviewFigures =>
  Object.fromEntries(FIGURES.map((figure) => [figure, 0])) as unknown as OverviewFigures

function add(total: OverviewFigures, day: OverviewFigures) {
  for (const figure of FIGURES) total[figure] += day[figure]
}

type DayRow = Record<(typeof FIGURES)[number], number> & { day: string; [key: string]: unknown }

export async function writerOverview(ctx: AppContext, actor: SessionUser, days: number): Promise<Overview> {
  const today = Date.parse(`${isoDay(ctx.clock.now().getTime())}T00:00:00Z`)
  const from = isoDay(today - (days - 1) * DAY_MS)
  const to = isoDay(today)
  const previousFrom = isoDay(today - (2 * days - 1) * DAY_MS)
  const period = sql`writer_id = ${actor.id} and day between ${from}::date and ${to}::date`

  const [rows, posts, books, exams, newsletters, updatedAt] = await Promise.all([
    ctx.db.execute<DayRow>(sql`
      select day::text as day, views, likes, comments, free_subscribers as "freeSubscribers",
        paid_subscribers as "paidSubscribers", book_sales as "bookSales", book_revenue as "bookRevenue",
        exam_attempts as "examAttempts", exam_passes as "examPasses"
      from writer_stat_day
      where writer_id = ${actor.id} and day between ${previousFrom}::date and ${to}::date
      order by day`),
    ctx.db.execute<Omit<TopPost, 'path'> & { slug: string; [key: string]: unknown }>(sql`
      select p.id, p.title, p.slug, s.views, s.likes, s.comments
      from (
        select item_id, sum(views)::int as views, sum(likes)::int as likes, sum(comments)::int as comments
        from item_stat_day where ${period} and item_kind = 'post'
        group by item_id
      ) s join post p on p.id = s.item_id
      order by s.views desc, s.likes desc, s.comments desc, p.id
      limit ${OVERVIEW_TOP_LIMIT}`),
    ctx.db.execute<TopBook & { [key: string]: unknown }>(sql`
      select b.id, b.title, s.sales, s.revenue
      from (
        select item_id, sum(sales)::int as sales, sum(revenue)::int as revenue
        from item_stat_day where ${period} and item_kind = 'book'
        group by item_id
      ) s join book b on b.id = s.item_id
      order by s.sales desc, s.revenue desc, b.id
      limit ${OVERVIEW_TOP_LIMIT}`),
    ctx.db.execute<TopExam & { [key: string]: unknown }>(sql`
      select e.id, e.title, s.attempts, s.passes
      from (
        select item_id, sum(attempts)::int as attempts, sum(passes)::int as passes
        from item_stat_day where ${period} and item_kind = 'exam'
        group by item_id
      ) s join exam e on e.id = s.item_id
      order by s.attempts desc, s.passes desc, e.id
      limit ${OVERVIEW_TOP_LIMIT}`),
    // Straight from the delivery rows: a period has a handful of newsletters, each counted by its index.
    newslettersMailed(ctx, actor.id, from, to, OVERVIEW_TOP_LIMIT),
    rolledUpAt(ctx.db),
  ])

  const byDay = new Map(rows.rows.map((row) => [row.day, row]))
  const totals = zero()
  const previous = zero()
  const series: OverviewDay[] = []
  for (let i = 0; i < 2 * days; i++) {
    const day = isoDay(today - (2 * days - 1 - i) * DAY_MS)
    const figures = zero()
    const row = byDay.get(day)
    if (row) for (const figure of FIGURES) figures[figure] = Number(row[figure])
    if (i < days) add(previous, figures)
    else {
      add(totals, figures)
      series.push({ day, ...figures })
    }
  }

  return {
    days,
    from,
    to,
    currency: DEFAULT_CURRENCY,
    totals,
    previous,
    series,
    top: {
      posts: posts.rows.map(({ slug, ...row }) => ({ ...row, path: postPath(actor.id, slug) })),
      books: books.rows,
      exams: exams.rows,
    },
    newsletters,
    updatedAt: updatedAt?.toISOString() ?? null,
  }
}
