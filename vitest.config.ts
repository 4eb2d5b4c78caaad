import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const alias = { '#common': '/common', '#server': '/server', '#web': '/web' }

// Projects: fast (pure logic, no database, no DOM: `npm run test:fast` runs it alone in seconds),
// web (jsdom + Testing Library) and server (app.inject on a real database). With TEST_DATABASE_URL
// set, the server suite runs a second time on PostgreSQL. A server test of pure logic is named
// *.unit.test.ts and belongs to the fast tier.
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    exclude: ['server/**/*.unit.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app on its own database, and no server test mocks a module, so the
    // files can share one module graph per worker: importing the app once instead of per file
    // halves the suite's time.
    isolate: false,
  },
})

export default defineConfig({
  test: {
    // Vitest's default leaves a core free, which on a 2-core machine means one worker. The suites
    // wait on databases, SMTP, servers and the browser as much as they compute: on 2 cores a third
    // worker fills the waits (six journeys: 78 s with two workers, 72 s with three).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'fast',
          include: ['common/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
      serverProject('server', { TEST_DB_DRIVER: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', { TEST_DB_DRIVER: 'pg' })] : []),
      // Browser journeys run on their own (`npm run test:e2e`), after the fast suites.
      ...(process.env.E2E === '1'
        ? [
            {
              test: {
                name: 'e2e',
                include: ['e2e/**/*.spec.ts'],
                environment: 'node',
                globalSetup: ['e2e/global-setup.ts'],
                // Each file starts its own journey (server, mailbox, browser) in its hooks; sharing
                // the module graph spares every file loading playwright-core again (~2.5 s each).
                isolate: false,
                testTimeout: 60_000,
                hookTimeout: 120_000,
                // As the browser's own waits: a loaded 2-core CI machine can take seconds to show what
                // a poll waits for (a chapter opened after the last one's save); 1 s was too short.
                expect: { poll: { timeout: 10_000 } },
              },
            },
          ]
        : []),
    ],
  },
})
