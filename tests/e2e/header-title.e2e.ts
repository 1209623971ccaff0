import { describe, expect, it } from 'vitest'
import { campaignTitle, shot, useHost } from './harness'

/**
 * The campaign's name in the header, as a GM sees it: a long sample name ("The al-Zabdiyat Campaign")
 * is shown whole beside the dice and undo controls, at the usual window width and at the desktop window's
 * least width (src/main/electron/window.ts), wrapping between its words there (never inside "al-Zabdiyat": its
 * hyphen is shown non-breaking); the full name as typed is its tooltip and accessible name.
 */
const qd = useHost()

describe('the header’s campaign title in Chromium', () => {
  it('shows the al-Zabdiyat Campaign’s whole name at 1280 px and at the desktop window’s least width, 1100 px, with the name as its tooltip', async () => {
    const host = await qd.serve()
    const { page } = await qd.browser({ width: 1280, height: 800 })
    await page.goto(host.url)
    await page.getByRole('button', { name: 'Open the sample campaign The al-Zabdiyat Campaign' }).click()
    // The heading by its name as typed (its text has a non-breaking hyphen, U+2011, that looks the same).
    const title = campaignTitle(page, 'The al-Zabdiyat Campaign')
    await title.waitFor()
    expect(await title.getAttribute('data-test')).toBe('campaign-title')
    expect(await title.textContent()).toBe('The al\u2011Zabdiyat Campaign')
    for (const width of [1280, 1100]) {
      await page.setViewportSize({ width, height: 800 })
      await expect.poll(() => page.evaluate<number>('window.innerWidth')).toBe(width)
      await shot(page, `header-title-${width}`)
      // Whole: no text cut off inside the heading, and the heading inside the header.
      await expect.poll(() => title.evaluate((h) => h.scrollWidth - h.clientWidth), { message: `cut across at ${width} px` }).toBeLessThanOrEqual(0)
      await expect.poll(() => title.evaluate((h) => h.scrollHeight - h.clientHeight), { message: `cut off below at ${width} px` }).toBeLessThanOrEqual(0)
      // Wrapped between its words only: "al‑Zabdiyat" is on one line.
      const lines = await title.evaluate((h) => {
        const text = h.firstChild!
        const at = text.textContent!.indexOf('al\u2011Zabdiyat')
        const r = h.ownerDocument.createRange()
        r.setStart(text, at)
        r.setEnd(text, at + 'al\u2011Zabdiyat'.length)
        return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size
      })
      expect(lines, `al‑Zabdiyat split at ${width} px`).toBe(1)
      const header = await page.locator('.qd-topbar').boundingBox()
      const box = await title.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(header!.x + header!.width)
    }
    await expect(title.getAttribute('title')).resolves.toBe('The al-Zabdiyat Campaign')
  })
})
