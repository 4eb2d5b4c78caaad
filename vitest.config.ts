import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const alias = { '#common': '/common', '#server': '/server', '#web': '/web' }

// Three projects: common (pure), web (jsdom + Testing Library) and server (app.inject on a real
// database). With TEST_DATABASE_URL set, the server suite runs a second time on PostgreSQL.
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'common', include: ['common/**/*.test.ts'], environment: 'node' } },
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
                fileParallelism: false,
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
})
