import { expect, test } from 'vitest'
import { DEMO_WRITER, journeyForThisFile } from './journey.ts'
import { WALK_TIMEOUT, walk, walkerPage, walkMenus, writerPaths } from './route-walk.ts'

const j = journeyForThisFile()

test(
  "a writer's screens, the account menu and the mobile menu pass axe and fit 320 px",
  async () => {
    const { page, a } = await walkerPage(j, DEMO_WRITER)
    const problems = await walk(page, writerPaths(a), 'writer')
    problems.push(...(await walkMenus(page, 'writer', true)))
    expect(problems).toEqual([])
  },
  WALK_TIMEOUT,
)
