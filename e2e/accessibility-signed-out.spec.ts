import { expect, test } from 'vitest'
import { journeyForThisFile } from './journey.ts'
import { publicPaths, WALK_TIMEOUT, walk, walkerPage, walkMenus } from './route-walk.ts'

const j = journeyForThisFile()

test(
  'signed out, every public screen and the mobile menu pass axe and html-validate and fit 320 px',
  async () => {
    const { page, a } = await walkerPage(j)
    const problems = await walk(page, publicPaths(a), 'signed out', { markup: true })
    problems.push(...(await walkMenus(page, 'signed out', false)))
    expect(problems).toEqual([])
  },
  WALK_TIMEOUT,
)
