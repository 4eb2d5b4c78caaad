// npm run screenshot -- /path [/other ...] [--as email:password | --as new:read] [--out dir] [--no-js] [--click name …]
// Starts the built app with demo content on a free port, signs in if asked, and saves desktop
// (1280px) and phone (390px) PNGs of each path into e2e/screenshots/ for a person to look at.
// Paths with spaces or query strings need quotes. --no-js shows what the server's HTML alone gives
// (a crawler's or a reader's without JavaScript view: decision 030). Each --click names a link or
// button to press, in order, on every path before its picture (a screen behind an action: an
// exam once started, a dialog); "A|B" presses whichever of the two is there. --as new:read (or
// new:write, new:both) signs up a fresh account that came to read (or write) and finishes its welcome.
import fs from 'node:fs'
import path from 'node:path'
import { DESKTOP, launchBrowser, PHONE } from '../e2e/browser.ts'
import { buildWebApp, startServer } from '../e2e/server.ts'

const args = process.argv.slice(2)
const flag = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args.splice(i, 2)[1] : undefined
}
const clicks: string[] = []
for (let name = flag('--click'); name !== undefined; name = flag('--click')) clicks.push(name)
const noJs = args.includes('--no-js')
if (noJs) args.splice(args.indexOf('--no-js'), 1)
const as = flag('--as')
const out = flag('--out') ?? 'e2e/screenshots'
const paths = args.length ? args : ['/']
fs.mkdirSync(out, { recursive: true })

const webDist = buildWebApp()
const server = await startServer({ WEB_DIST: webDist })
const browser = await launchBrowser()
try {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const context = await browser.newContext({ viewport, javaScriptEnabled: !noJs })
    const page = await context.newPage()
    if (as?.startsWith('new:')) {
      const data = { name: 'Ada Reader', email: `ada-${Date.now()}@inkwell.test`, password: 'inkwell-demo' }
      const headers = { origin: server.url }
      const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, { data, headers })
      const welcome = await page.request.post(`${server.url}/api/me/welcome`, {
        data: { name: data.name, bio: 'Here to learn.', intent: as.slice(4), interests: [] },
        headers,
      })
      if (!signUp.ok() || !welcome.ok())
        throw new Error(`sign-up failed: ${signUp.status()} ${welcome.status()}`)
    } else if (as) {
      const [email, password] = as.split(':')
      const res = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
        data: { email, password },
        headers: { origin: server.url },
      })
      if (!res.ok()) throw new Error(`sign-in as ${email} failed: ${res.status()}`)
    }
    for (const p of paths) {
      await page.goto(server.url + p, { waitUntil: 'networkidle' })
      for (const names of clicks) {
        // "A|B": whichever is there (Start exam the first time, Resume your attempt the next).
        const controls = names
          .split('|')
          .map((name) => page.getByRole('button', { name }).or(page.getByRole('link', { name })))
        await controls
          .reduce((all, control) => all.or(control))
          .first()
          .click()
        await page.waitForLoadState('networkidle')
      }
      await page.waitForTimeout(300)
      const file = path.join(
        out,
        `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}${noJs ? '-nojs' : ''}-${device}.png`,
      )
      await page.screenshot({ path: file, fullPage: true })
      console.log(file)
    }
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
  fs.rmSync(webDist, { recursive: true, force: true })
}
