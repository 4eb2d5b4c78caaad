import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { HtmlValidate } from 'html-validate'
import type { Page } from 'playwright-core'
import { DESKTOP, PHONE } from './browser.ts'

/** The width every screen must reflow to without scrolling sideways (WCAG 1.4.10, Reflow). */
export const NARROWEST = { width: 320, height: 720 }

// What fails a journey: the violations that block or seriously hinder someone (axe's serious and
// critical), and the two heading rules a screen reader user navigates by. Other moderate and minor
// findings are left to the person reviewing a screen.
const FAILING_IMPACTS = new Set(['serious', 'critical'])
const FAILING_RULES = new Set(['heading-order', 'page-has-heading-one'])

// Rules axe tags experimental and leaves off unless asked: label-content-name-mismatch (serious,
// WCAG 2.5.3 Label in Name) is a control whose name does not contain its visible text, so someone
// using speech input cannot say what they see ("Account menu" over a person's initials).
export const EXPERIMENTAL_RULES = ['label-content-name-mismatch']

// The axe-core that @axe-core/playwright itself depends on (the file it would inject).
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))
const AXE_SOURCE = fs.readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8')

/**
 * What axe finds wrong on the page as it is now, one line per rule. `contrast: false` skips
 * color-contrast, most of axe's time: a second look at another width needs only the rules that
 * depend on the layout (colours do not change with it).
 */
export async function accessibilityProblems(page: Page, { contrast = true } = {}): Promise<string[]> {
  // Legacy mode runs axe in the page itself (no cross-origin frames here) instead of opening a blank
  // page to merge results, and only violations are collected: together about twice as fast. axe
  // goes into each page once (the builder would evaluate its half-megabyte source twice per run):
  // a page checked before, at another width, still holds it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  // A control that has just appeared can be mid-way through its colour transition, which axe
  // would measure as poor contrast: let finite animations end (skeletons pulse forever).
  if (contrast)
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    )
  // The rules go in one object: AxeBuilder's disableRules would replace it, dropping those enabled.
  const rules: Record<string, { enabled: boolean }> = Object.fromEntries(
    EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }]),
  )
  if (!contrast) rules['color-contrast'] = { enabled: false }
  const { violations } = await new AxeBuilder({ page, axeSource: ';' })
    .setLegacyMode()
    .options({ resultTypes: ['violations'], rules })
    .analyze()
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? '') || FAILING_RULES.has(v.id))
    .map((v) => {
      const where = v.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')
      const more = v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''
      return `${v.id} (${v.impact}): ${v.help} at ${where}${more}`
    })
}

// A second engine over the same screens: html-validate's accessibility rules (its WCAG techniques,
// H30 link text, H32 a form's submit button, H36, H37, H63, H67, H71, and labels, landmarks,
// hidden focusable elements) on the document as drawn. Every finding fails. One option differs from
// the preset, as html-validate's own recommended set has it: a name on an element whose role may
// be named (a list of tags, of reactions) is allowed, as ARIA allows it; a name where ARIA forbids
// one still fails.
const markupValidator = new HtmlValidate({
  extends: ['html-validate:a11y'],
  rules: { 'aria-label-misuse': ['error', { allowAnyNamable: true }] },
})

/** What html-validate's accessibility rules find in the page as it is now, one line per finding. */
export async function markupProblems(page: Page): Promise<string[]> {
  const report = await markupValidator.validateString(await page.content(), page.url())
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId}: ${m.message} at ${m.selector ?? `line ${m.line}`}`),
  )
}

/** Whether the page scrolls sideways at its current width, naming the element that sticks out. */
export async function sidewaysScroll(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement
    if (root.scrollWidth <= root.clientWidth) return null
    // The last (deepest) element past the right edge is the one to fix.
    let culprit = ''
    for (const element of document.body.querySelectorAll('*')) {
      const { right } = element.getBoundingClientRect()
      if (right <= root.clientWidth + 0.5) continue
      const classes = typeof element.className === 'string' ? element.className.split(/\s+/, 3) : []
      culprit = [element.tagName.toLowerCase() + (element.id ? `#${element.id}` : ''), ...classes].join('.')
      culprit += ` (right edge ${Math.round(right)} px)`
    }
    return `scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px; ${culprit}`
  })
}

/** Waits for a screen to settle: its h1 is there and nothing in the main area still spins. */
export async function screenSettled(page: Page, timeout = 10_000) {
  // The app has taken over: a server-rendered page (decision 030) shows its h1 before hydrating.
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-server-rendered]') &&
      document.querySelector('main h1') &&
      !document.querySelector('main .animate-spin'),
    undefined,
    { timeout },
  )
}

/**
 * Waits for two frames to render, so what reacts to a new viewport size has run: ResizeObserver
 * callbacks (a code block that now scrolls joins the tab order) are delivered in a frame's
 * rendering step, after the resize, and axe must not look before them.
 */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))

/**
 * Everything wrong with the screen as it is now: axe at the current width; then, at 320 px,
 * scrolling sideways and what axe finds there (a code block or a table that now scrolls inside
 * itself, a menu laid out for phones). The viewport is put back as it was.
 */
export async function screenProblems(page: Page): Promise<string[]> {
  const viewport = page.viewportSize()
  const width = viewport?.width ?? 0
  const problems = (await accessibilityProblems(page)).map((problem) => `@${width}: ${problem}`)
  if (width === NARROWEST.width) return problems
  await page.setViewportSize(NARROWEST)
  try {
    await nextFrames(page)
    const sideways = await sidewaysScroll(page)
    if (sideways) problems.push(`@${NARROWEST.width}: ${sideways}`)
    for (const problem of await accessibilityProblems(page, { contrast: false }))
      problems.push(`@${NARROWEST.width}: ${problem}`)
  } finally {
    if (viewport) await page.setViewportSize(viewport)
  }
  return problems
}

/**
 * Fails on a serious or critical axe violation (or a heading out of order, or none at level 1)
 * on the screen as it is now, and on a screen that scrolls sideways at 320 px.
 */
export async function expectAccessible(page: Page) {
  const problems = await screenProblems(page)
  if (problems.length) throw new Error(`Accessibility problems on ${page.url()}:\n${problems.join('\n')}`)
}

/**
 * A journey's look at the screen it reached: fails on an accessibility problem (above), then
 * (unless E2E_SCREENSHOTS=0) saves a picture at the desktop and the phone width as `e2e/screenshots/<journey>/<name>-*.png`,
 * each from the top (a full-page picture of a scrolled page draws the sticky header mid-page).
 */
export async function lookAt(page: Page, journey: string, name: string, { fullPage = true } = {}) {
  await expectAccessible(page)
  // The pictures are for people; CI (E2E_SCREENSHOTS=0 in .ci/run) only needs the checks.
  if (process.env.E2E_SCREENSHOTS === '0') {
    // Left as the pictures would leave it: at the desktop width.
    await page.setViewportSize(DESKTOP)
    return
  }
  const dir = path.join('e2e', 'screenshots', journey)
  fs.mkdirSync(dir, { recursive: true })
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: path.join(dir, `${name}-${device}.png`), fullPage })
  }
  await page.setViewportSize(DESKTOP)
}
