#!/usr/bin/env node
/**
 * Render resources/icon.svg to resources/icon.png (512×512, transparent corners) with a local
 * Chromium through playwright-core. Run after editing the SVG:
 *   node scripts/render-icon.mjs [svg] [png] [size]
 * Chromium: $CHROMIUM, else the first of the usual install paths.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const [svgPath = resolve(ROOT, 'resources/icon.svg'), pngPath = resolve(ROOT, 'resources/icon.png'), sizeArg = '512'] =
  process.argv.slice(2)
const size = Number(sizeArg)
const executablePath = [
  process.env.CHROMIUM,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
].find((p) => p && existsSync(p))
if (!executablePath) {
  console.error('render-icon: no Chromium found; set CHROMIUM=/path/to/chromium')
  process.exit(1)
}

const svg = readFileSync(svgPath, 'utf8').replace('<svg ', `<svg style="display:block;width:${size}px;height:${size}px" `)
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] })
try {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 })
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`)
  await page.screenshot({ path: pngPath, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
} finally {
  await browser.close()
}
console.log(`render-icon: ${pngPath} (${size}×${size})`)
