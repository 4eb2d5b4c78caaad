import { expect, test } from 'vitest'
import { DEMO_ADMIN, journeyForThisFile } from './journey.ts'
import { adminPaths, WALK_TIMEOUT, walk, walkerPage } from './route-walk.ts'

const j = journeyForThisFile()

test(
  "an admin's screens pass axe and fit 320 px",
  async () => {
    const { page, a } = await walkerPage(j, DEMO_ADMIN)
    expect(await walk(page, adminPaths(a), 'admin')).toEqual([])
  },
  WALK_TIMEOUT,
)
