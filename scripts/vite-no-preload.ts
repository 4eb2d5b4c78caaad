import type { Plugin } from 'vite'

// Vite wraps every dynamic import in its preload helper, which adds a <link> for each of the
// imported chunk's dependencies before importing it. With `modulePreload: false` (decision 030) it
// lists only stylesheets, and the app has one, loaded by index.html: every list is empty, and the
// helper (its own 0.7 KB chunk on the first load) only calls the import. This plugin gives the
// helper's module that body alone, and fails the build if a lazy chunk ever brings a stylesheet.
const PRELOAD_HELPER = '\0vite/preload-helper.js'

export function noPreloadHelper(): Plugin {
  return {
    name: 'inkwell:no-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load()' : null),
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.isEntry) continue
        const css = [...(chunk.viteMetadata?.importedCss ?? [])]
        if (css.length)
          this.error(
            `${chunk.fileName} imports ${css.join(', ')}: a lazy stylesheet needs Vite's preload helper back`,
          )
      }
    },
  }
}
