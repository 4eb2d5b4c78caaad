// Keep offline (decision 056) on a long book: the demo's reader keeps a 300-chapter book (written
// by SQL, past the API's chapter limit) in Chromium, through the built app and its service worker.
// Prints how long keeping took, the bytes the app counted and what the browser says the origin
// stores, and how long the book page and a chapter take to open with the network off.
// Needs a build with the service worker (`npm run build`, or WEB_DIST=other-dist), Debian's
// chromium, and PostgreSQL (BENCH_PG_URL, default the test database's server): it makes its own
// database there and drops it.
//   node --import ./scripts/polyfills.mjs --import tsx/esm bench/offline-books.ts [chapters]
import pg from 'pg'
import { launchBrowser } from '../e2e/browser.ts'
import { DEMO_PASSWORD, DEMO_READER, DEMO_WRITER, signInWithForm } from '../e2e/journey.ts'
import { startServer } from '../e2e/server.ts'

const CHAPTERS = Number(process.argv[2] ?? 300)
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const DATABASE = `inkwell_bench_offline_${process.pid}`
const databaseUrl = PG_URL.replace(/\/[^/]*$/, `/${DATABASE}`)
/** About a novel's chapter: some 6 KB of HTML. */
const CHAPTER_HTML =
  `<p>${'The atlas opened on a sea nobody had charted, and the reader turned the page. '.repeat(8)}</p>`.repeat(
    10,
  )

const server0 = new pg.Client({ connectionString: PG_URL })
await server0.connect()
await server0.query(`create database ${DATABASE}`)
const cleanups: (() => Promise<unknown>)[] = [
  async () => {
    await server0.query(`drop database if exists ${DATABASE} with (force)`)
    await server0.end()
  },
]
try {
  const server = await startServer({ WEB_DIST: process.env.WEB_DIST ?? 'dist', DATABASE_URL: databaseUrl })
  cleanups.unshift(() => server.stop())
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  cleanups.unshift(() => db.end())
  const {
    rows: [{ id }],
  } = await db.query<{ id: string }>(
    `insert into book (author_id, title, category, price, status, published_at, chapter_count, word_count)
     select id, 'The Long Atlas', 'fiction', 0, 'published', now(), $2, $2 * 120 from "user" where email = $1
     returning id`,
    [DEMO_WRITER, CHAPTERS],
  )
  await db.query(
    `insert into book_chapter (book_id, position, title, body_html, word_count)
     select $1, n, 'Chapter ' || n, $3, 120 from generate_series(1, $2) n`,
    [id, CHAPTERS, CHAPTER_HTML],
  )
  await db.query(`insert into book_ownership (book_id, user_id) select $1, id from "user" where email = $2`, [
    id,
    DEMO_READER,
  ])

  const browser = await launchBrowser()
  cleanups.unshift(() => browser.close())
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  await page.goto('/login')
  await signInWithForm(page, DEMO_READER, DEMO_PASSWORD)
  await page.waitForURL('**/dashboard')
  await page.goto(`/read/${id}`)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  const before = await page.evaluate(() => navigator.storage.estimate().then((e) => e.usage ?? 0))

  const started = performance.now()
  await page.getByRole('button', { name: 'Keep offline' }).click()
  await page.getByText(/^Available offline · /).waitFor({ timeout: 300_000 })
  const keepMs = performance.now() - started
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('inkwell:kept-books') ?? '[]'))
  const after = await page.evaluate(() => navigator.storage.estimate().then((e) => e.usage ?? 0))

  await context.setOffline(true)
  const opened = performance.now()
  await page.goto(`/read/${id}`)
  await page.getByRole('heading', { level: 1, name: 'The Long Atlas' }).waitFor()
  const pageMs = performance.now() - opened
  const chapter = performance.now()
  await page.getByRole('link', { name: 'Start reading' }).click()
  await page
    .getByRole('heading', { name: /Chapter 1/ })
    .first()
    .waitFor()
  const chapterMs = performance.now() - chapter

  const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`
  console.log(`Keep offline, ${CHAPTERS} chapters of ~${Math.round(CHAPTER_HTML.length / 1000)} KB HTML each`)
  console.log(
    `  keeping:                ${(keepMs / 1000).toFixed(1)} s (${Math.round(keepMs / CHAPTERS)} ms a chapter)`,
  )
  console.log(`  bytes kept (the app):   ${mb(kept[0]?.bytes ?? 0)} in ${kept[0]?.chapters ?? 0} chapters`)
  console.log(`  origin storage (browser estimate): ${mb(before)} before, ${mb(after)} after`)
  console.log(
    `  offline, the book page: ${Math.round(pageMs)} ms; chapter 1 from it: ${Math.round(chapterMs)} ms`,
  )
} finally {
  for (const cleanup of cleanups) await cleanup().catch((e) => console.error(e))
}
