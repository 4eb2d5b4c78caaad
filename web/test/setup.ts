import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import { toast } from '#web/components/ui/toaster.tsx'
import { fakeAuth } from './fake-auth.ts'
import { stubFetch } from './fetch.ts'

// findBy… and waitFor wait up to 3 s, not 1: a CI run shares two cores between its workers, and a
// screen that waits out a 300 ms debounce behind typed keys can take over a second there.
configure({ asyncUtilTimeout: 3000 })

/** Gaps of jsdom, not of the app: React warns about elements jsdom does not know yet (<search>). */
const JSDOM_NOISE = [/The tag <%s> is unrecognized in this browser/]

beforeEach(() => {
  // A test that logs console.error unexpectedly fails (CONVENTIONS.md). One that expects an error
  // reads it from vi.mocked(console.error), then clears it.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  // No network: a test answers the requests it expects with its own stubFetch(routes).
  stubFetch()
})

afterEach(() => {
  // Vitest globals are off, so Testing Library cannot clean up by itself.
  cleanup()
  // Toasts live beside the tree (as they outlive a screen): none carries over to the next test.
  toast.dismiss()
  // So is the live region (web/lib/announce.ts): each test hears only its own announcements.
  document.getElementById('inkwell-announcer')?.remove()
  fakeAuth.reset()
  vi.unstubAllGlobals()
  const errors = vi
    .mocked(console.error)
    .mock.calls.filter(([first]) => !JSDOM_NOISE.some((noise) => noise.test(String(first))))
  vi.restoreAllMocks()
  expect(errors, 'console.error was called').toEqual([])
})
