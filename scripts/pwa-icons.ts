// node --import tsx/esm scripts/pwa-icons.ts
// Draws the installed app's icons (decision 054) from the logo (web/app/layout/logo.tsx,
// web/public/favicon.svg) into web/public/icons/, with sharp. Run it again after the logo changes,
// and commit the PNGs.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const OUT = 'web/public/icons'
const INK_900 = '#1e1b4b'
const ACCENT_400 = '#fbbf24'
/** The quill and its dot, on the logo's 32-unit grid. */
const QUILL = `<path d="M10 24c4-1 9-6 12-14l-2-1c-3 7-7 11-10 13z" fill="${ACCENT_400}"/><circle cx="10" cy="24" r="1.6" fill="${ACCENT_400}"/>`

/** The logo as it is: a rounded square, the corners transparent. */
const ROUNDED = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${INK_900}"/>${QUILL}</svg>`

/**
 * Full bleed, for a launcher that cuts its own shape (maskable) or rounds its own corners (iOS):
 * the quill scaled into the middle 60%, well inside the maskable safe zone (a circle of 80%).
 */
const FULL_BLEED = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${INK_900}"/><g transform="translate(16 16) scale(0.78) translate(-15.4 -17.2)">${QUILL}</g></svg>`

const ICONS = [
  { file: 'icon-192.png', svg: ROUNDED, size: 192 },
  { file: 'icon-512.png', svg: ROUNDED, size: 512 },
  { file: 'icon-maskable-512.png', svg: FULL_BLEED, size: 512 },
  { file: 'apple-touch-icon.png', svg: FULL_BLEED, size: 180 },
]

fs.mkdirSync(OUT, { recursive: true })
for (const { file, svg, size } of ICONS) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT, file))
  console.log(`${OUT}/${file} ${size}×${size}`)
}
