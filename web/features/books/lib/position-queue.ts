import type { ReadingPositionInput } from '#common/schemas/books.ts'

// Places the reader reached while the network was down (decision 056), kept in localStorage until
// it returns: the latest per book, each with when the reader was there, so the server can tell it
// from a newer place read on another device.

export const UNSENT_POSITIONS_KEY = 'inkwell:unsent-positions'

export type TimedPosition = ReadingPositionInput & { at: string }

export function readUnsentPositions(): Record<string, TimedPosition> {
  try {
    const unsent = JSON.parse(localStorage.getItem(UNSENT_POSITIONS_KEY) ?? '{}')
    return unsent && typeof unsent === 'object' && !Array.isArray(unsent) ? unsent : {}
  } catch {
    return {}
  }
}

function writeUnsentPositions(unsent: Record<string, TimedPosition>) {
  try {
    if (Object.keys(unsent).length) localStorage.setItem(UNSENT_POSITIONS_KEY, JSON.stringify(unsent))
    else localStorage.removeItem(UNSENT_POSITIONS_KEY)
  } catch {
    // Storage refused: the place is lost, as it was before the queue.
  }
}

/** Keeps `position` to send later, unless a later place in the book is already waiting. */
export function queuePosition(bookId: string, position: TimedPosition) {
  const unsent = readUnsentPositions()
  const waiting = unsent[bookId]
  if (waiting && waiting.at > position.at) return
  writeUnsentPositions({ ...unsent, [bookId]: position })
}

/** The server has answered for the place of `at`: it, and anything older for the book, is done. */
export function settlePosition(bookId: string, at: string) {
  const unsent = readUnsentPositions()
  const waiting = unsent[bookId]
  if (!waiting || waiting.at > at) return
  const { [bookId]: _, ...rest } = unsent
  writeUnsentPositions(rest)
}
