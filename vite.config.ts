import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { initialJsBudget } from './scripts/vite-js-budget.ts'
import { noPreloadHelper } from './scripts/vite-no-preload.ts'
import { precompress } from './scripts/vite-precompress.ts'

// The web app lives in web/; `npm run build` writes dist/, which the server serves.
// The build also writes brotli and gzip copies of its text files (decision 014), and fails when
// the first load's JavaScript passes its budget (decision 029). It also writes the service worker
// (decision 054): web/features/offline/service-worker.ts with the list of built files to precache.
// Under `npm run dev`, Vite serves the app with hot reload and proxies to the server what the
// server answers itself: /api, the feeds (/rss, /fiction/atom, …), the sitemaps and robots.txt.
// React Router 7 exports only its development build, whose warnings (ENABLE_DEV_WARNINGS) stay in the
// bundle; the production build it ships beside it is the same code without them.
const reactRouterDist = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/', import.meta.url),
)
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouterDist}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterDist}dom-export.mjs` },
]
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'features/offline',
  filename: 'service-worker.ts',
  // web/index.html links web/public/manifest.webmanifest; the app registers the worker itself
  // (web/features/offline/register-service-worker.tsx).
  manifest: false,
  injectRegister: false,
  injectManifest: {
    // The shell, the offline page, the icons and every script and style; not the link-preview
    // image, the source maps or the precompressed copies (the browser asks for an encoding itself).
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    globIgnores: ['og-default.png', '**/*.map', '**/*.br', '**/*.gz'],
  },
})
const server = { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false }
export default defineConfig(({ command }) => ({
  root: 'web',
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  publicDir: 'public',
  plugins: [noPreloadHelper(), react(), tailwindcss(), initialJsBudget(), precompress(), serviceWorker],
  // No module preloading (decision 030): the server's page is already the screen, so the chunks
  // only have to arrive for hydration, and Vite's preload helper inserting a <link> per dependency
  // of each dynamic import cost ~60 ms of a phone's main thread on a large page (Chrome profile).
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: true, modulePreload: false },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': server,
      '^(/[^?]*)?/(rss|atom)/?(\\?|$)': server,
      '^/(sitemap[\\w-]*\\.xml|robots\\.txt)(\\?|$)': server,
    },
  },
}))
