import { describe, expect, it } from 'vitest'
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { apiOk, hideMessages, noHorizontalOverflow, openPage, openSample, ROOT, shot, SHOTS, useHost } from './harness'

/**
 * The README's screenshots of the dashboard, the People page and the Ledger (docs/images), taken from the
 * sample campaign at a 1280 px wide window after a grant and a transfer, so the panels are not empty (the
 * sample's voyage at sea and battle under way show on the Dashboard). Each page must fit the window and show a GM's words only: no file
 * ids, internal keys, "undefined" or "NaN". (battle.png, chart.png and company.png are taken by
 * battle.e2e.ts, voyage.e2e.ts and trade.e2e.ts.)
 */

const qd = useHost()

/** Nothing a GM should not read on the page. */
async function wordsOnly(page: Page): Promise<void> {
  const text = (await page.locator('main, [role=main], body').first().innerText()).replace(/\s+/g, ' ')
  for (const bad of [/\bundefined\b/, /\bNaN\b/, /\bship:\d+/, /\bgen-\d+/, /[a-z]+\.[a-z]+[A-Z][a-zA-Z]+\b/]) {
    expect(text, `the page shows ${bad}`).not.toMatch(bad)
  }
}

async function readmeShot(page: Page, name: string): Promise<void> {
  await hideMessages(page)
  expect(await noHorizontalOverflow(page), `${name} overflows sideways`).toBeLessThanOrEqual(0)
  await wordsOnly(page)
  await shot(page, `readme-${name}`)
  mkdirSync(join(ROOT, 'docs', 'images'), { recursive: true })
  copyFileSync(join(SHOTS, `readme-${name}.png`), join(ROOT, 'docs', 'images', `${name}.png`))
}

describe('the README screenshots (dashboard, people, ledger) at 1280 px', () => {
  it('shows the sample campaign after an evening of play, fitting the window, in a GM’s words', async () => {
    // A home of a steady name, so the Dashboard's file line reads as a GM's would (not a random test folder).
    const home = join(tmpdir(), 'Quarterdeck')
    rmSync(home, { recursive: true, force: true })
    mkdirSync(home, { recursive: true })
    const host = await qd.serve([], home)
    const { page } = await qd.browser({ width: 1280, height: 800 })
    await page.goto(host.url)
    await openSample(page)

    // An evening: prize money granted and a debt paid, so Recent changes and the Ledger are not empty.
    const owners = await apiOk<{ id: number; name: string }[]>(host, 'owners.list')
    const marcel = owners.find((o) => o.name === 'Marcel du Sable')!
    const tom = owners.find((o) => o.name === 'Old Tom Hollis')!
    await apiOk(host, 'ledger.grant', { ownerId: marcel.id, amount: 2_400, memo: 'Prize money from the Vendel sloop' })
    await apiOk(host, 'ledger.transfer', { from: marcel.id, to: tom.id, amount: 300, memo: 'Old Tom’s share of the cards' })
    // A battle under way, so the Dashboard's Under way card has something to show.
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    await apiOk(host, 'battles.start', {
      name: 'Off the Cabora reefs',
      participants: [
        { shipId: ships.find((x) => x.name === 'Sea Dog')!.id, side: 'Tortuga', control: 'gm' },
        { generate: { hull: 'merchantman', armament: 'light', name: 'Prudence' }, side: 'Montaigne' }
      ],
      range: 'long',
      seed: 5
    })
    await page.locator('[data-test=under-way], .n-card').getByText('Off the Cabora reefs').first().waitFor()
    // The writes made elsewhere show here (issue 16 point 1): Recent changes lists them.
    await expect.poll(() => page.locator('.n-timeline-item').count()).toBeGreaterThanOrEqual(2)

    await page.locator('[data-test=campaign-title]').waitFor()
    await readmeShot(page, 'dashboard')

    await openPage(page, 'People', 'people')
    await page.locator('tr', { hasText: 'Allende de Zepeda' }).first().waitFor()
    await readmeShot(page, 'people')

    await openPage(page, 'Ledger', 'ledger')
    await page.getByText('Prize money from the Vendel sloop').first().waitFor()
    // The accounts with the cash over time under them, as the README's caption says.
    await page.locator('[data-test=accounts]').evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await readmeShot(page, 'ledger')
  })
})
