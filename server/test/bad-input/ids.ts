import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import type { JsonSchema } from './routes.ts'
import type { Resolve } from './samples.ts'

// Real ids for path parameters and id fields, so a request with one bad field gets past "not
// found" to the code that reads and writes. Matched by name, not by a list of routes: the
// parameter or field name (examId → exam, subjectSlug → subject), else the path segment before
// it (/posts/:id → post), against the tables' names (post, exam_attempt, forum_thread, …).

const OWNER_COLUMNS = ['author_id', 'user_id', 'writer_id', 'reporter_id']
// The domain's words for rows whose table has another name: people are Better Auth's users, and
// a profile's interests are subjects.
const ALIASES: Record<string, string> = { writer: 'user', recipient: 'user', interest: 'subject' }

type Row = {
  key: string
  owner: string | null
}

export interface Ids {
  /** A resolver for one actor: prefers rows the actor owns; never picks a protected user. */
  forActor(actorId: string, url: string): Resolve
}

export async function loadIds(db: Db, protectedUserIds: string[]): Promise<Ids> {
  const columns = await db.execute<{ tbl: string; col: string }>(sql`
    select table_name as tbl, column_name as col from information_schema.columns
    where table_schema = 'public' and column_name in ('id', 'slug', ${sql.join(
      OWNER_COLUMNS.map((c) => sql`${c}`),
      sql`, `,
    )})`)
  const byTable = new Map<string, string[]>()
  for (const { tbl, col } of columns.rows) byTable.set(tbl, [...(byTable.get(tbl) ?? []), col])
  const rows = new Map<string, { id: Row[]; slug: Row[] }>()
  for (const [table, cols] of byTable) {
    const owner = OWNER_COLUMNS.find((c) => cols.includes(c))
    const read = async (key: 'id' | 'slug') =>
      cols.includes(key)
        ? (
            await db.execute<Row>(sql`
              select ${sql.identifier(key)}::text as key,
                ${owner ? sql`${sql.identifier(owner)}::text` : sql`null`} as owner
              from ${sql.identifier(table)} order by 1 limit 200`)
          ).rows
        : []
    rows.set(table, { id: await read('id'), slug: await read('slug') })
  }
  const tableFor = (token: string) => {
    const t = ALIASES[token] ?? token
    const names = [...rows.keys()]
    return names.find((n) => n === t) ?? names.find((n) => n.endsWith(`_${t}`))
  }
  return {
    forActor(actorId, url) {
      return (name: string, schema: JsonSchema) => {
        const keyKind = /slug$/i.test(name) ? 'slug' : 'id'
        const tokens = [tokenOf(name), tokenOf(segmentBefore(url, name))].filter(Boolean) as string[]
        for (const token of tokens) {
          const table = tableFor(token)
          const keys = table ? rows.get(table) : undefined
          // A table without ids (subject) answers with its slugs.
          const candidates = keys?.[keyKind].length ? keys[keyKind] : keys?.[keyKind === 'id' ? 'slug' : 'id']
          if (!candidates?.length) continue
          const usable =
            table === 'user' ? candidates.filter((r) => !protectedUserIds.includes(r.key)) : candidates
          const chosen = usable.find((r) => r.owner === actorId) ?? usable[0]
          if (chosen && fits(chosen.key, schema)) return chosen.key
        }
        return undefined
      }
    },
  }
}

/** examId → exam, subjectSlug → subject, userIds → user, contact-messages → contact_message. */
function tokenOf(name: string | undefined): string | undefined {
  if (!name || name === 'id' || name === 'slug') return undefined
  const base = name
    .replace(/(Ids?|Slugs?)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replaceAll('-', '_')
    .toLowerCase()
  return base.replace(/ies$/, 'y').replace(/s$/, '') || undefined
}

/** The path segment before `:name` in a route's address (/api/posts/:id → posts). */
function segmentBefore(url: string, name: string): string | undefined {
  const parts = url.split('/')
  const at = parts.indexOf(`:${name}`)
  return at > 0 ? parts[at - 1] : undefined
}

function fits(value: string, schema: JsonSchema): boolean {
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false
  if (schema.format === 'uuid') return /^[0-9a-f-]{36}$/i.test(value)
  return true
}
