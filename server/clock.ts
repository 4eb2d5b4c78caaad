/**
 * Where services read the time when a rule depends on it (exam deadlines): the system clock in
 * the app, a hand-moved one in tests, so a 60-minute deadline is tested in milliseconds.
 */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock that stands still until moved. */
export interface TestClock extends Clock {
  set(at: Date): void
  advance(ms: number): void
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime()
    },
    advance: (ms) => {
      current += ms
    },
  }
}

/**
 * The system clock moved by `offsetMs` (CLOCK_OFFSET_DAYS, tests only): a journey restarts the
 * server a month on to see a cancelled subscription run out. Better Auth keeps the real time.
 */
export function shiftedClock(offsetMs: number): Clock {
  if (offsetMs === 0) return systemClock
  return { now: () => new Date(Date.now() + offsetMs) }
}
