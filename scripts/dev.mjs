// npm run dev: the API server (restarting on change) and Vite (hot reload) side by side.
// Open http://localhost:5173; Vite proxies /api to the server on PORT (default 3000).
import { spawn } from 'node:child_process'

const apiPort = process.env.PORT ?? '3000'
const vitePort = process.env.VITE_PORT ?? '5173'
const devOrigin = `http://localhost:${vitePort}`

const children = [
  spawn(
    process.execPath,
    ['--import', './scripts/polyfills.mjs', '--import', 'tsx/esm', '--watch', 'server/index.ts'],
    {
      stdio: 'inherit',
      // The browser talks to Vite, so links in e-mails and the allowed origin are Vite's.
      env: { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? devOrigin },
    },
  ),
  spawn('node_modules/.bin/vite', ['--port', vitePort, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://localhost:${apiPort}` },
  }),
]

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop())
