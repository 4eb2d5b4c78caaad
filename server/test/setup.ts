import { afterEach, beforeEach, type MockInstance, vi } from 'vitest'

// A test that logs console.error unexpectedly fails.
let spy: MockInstance<typeof console.error>
beforeEach(() => {
  spy = vi.spyOn(console, 'error')
})
afterEach(() => {
  const calls = spy.mock.calls
  spy.mockRestore()
  if (calls.length) throw new Error(`console.error was called: ${calls[0].map(String).join(' ')}`)
})
