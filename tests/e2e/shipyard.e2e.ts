import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { browser, campaignTitle, choose, noHorizontalOverflow, openPage, serve, settled, shot, type Browser, type Served } from './harness'

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

interface Money {
  cash: number
  shipFund: number
}
interface ShipSummary {
  id: number
  name: string
  hull: string
  status: string
  inDays: number | null
  launchDay: number | null
  owners: { ownerId: number; name: string; share: number }[]
  cost: number
}




/** Type a number into a stepper (found by its label) and leave it, as a GM would. */
async function setNumber(page: Page, label: string, value: number): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true })
  await input.fill(String(value))
  await input.press('Tab')
}

/** The quote's total once the live quote has caught up with the design. */
async function settledTotal(page: Page): Promise<string> {
  const quote = page.locator('[data-test=quote]')
  await quote.locator('.n-spin-container .n-spin').waitFor({ state: 'detached' }).catch(() => undefined)
  // The total is marked busy from the change through the debounce until the newest quote is answered.
  await quote.locator('.qd-quote-total[aria-busy=false]').waitFor()
  return (await quote.locator('[data-test=quote-total]').textContent()) ?? ''
}

/**
 * Wait for a smooth scrollIntoView({ block: 'center' }) of this element to end: each scrolling box around it
 * is where that scroll leaves it (the element at its middle, or the box scrolled as far as it goes).
 */
async function scrolledToCentre(field: Locator): Promise<void> {
  await expect
    .poll(() =>
      field.evaluate((el) => {
        type Box = { scrollTop: number; scrollHeight: number; clientHeight: number; getBoundingClientRect(): { top: number; height: number }; parentElement: Box | null }
        const g = globalThis as unknown as { getComputedStyle(e: unknown): { overflowY: string }; document: { scrollingElement: Box } }
        const me = el as unknown as Box
        const off: number[] = []
        for (let box = me.parentElement; box; box = box.parentElement) {
          const scrolls = box === g.document.scrollingElement || /auto|scroll/.test(g.getComputedStyle(box).overflowY)
          if (!scrolls || box.scrollHeight <= box.clientHeight) continue
          const r = me.getBoundingClientRect()
          const b = box === g.document.scrollingElement ? { top: 0, height: box.clientHeight } : box.getBoundingClientRect()
          const want = Math.min(Math.max(box.scrollTop + (r.top + r.height / 2) - (b.top + b.height / 2), 0), box.scrollHeight - box.clientHeight)
          off.push(Math.abs(want - box.scrollTop))
        }
        return off.every((d) => d < 1.5)
      })
    )
    .toBe(true)
}

describe('the Shipyard, the Fleet and a ship sheet in Chromium', () => {
  it('designs a Merchantman, is told what breaks the rules, commissions her for two owners, launches her and prints her sheet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-e2e-files-'))
    host = await serve(['--campaign', join(dir, 'Shipwrights.quarterdeck'), '--create'])

    // Two characters with money (setup through the host, as the Ledger test covers doing it by hand).
    const anne = (await host.api<{ ownerId: number }>('people.create', { name: 'Anne Bonny', kind: 'pc' })).body
    const jack = (await host.api<{ ownerId: number }>('people.create', { name: 'Calico Jack', kind: 'pc' })).body
    expect((await host.api('owners.heroPoints', { ownerId: anne.ownerId, points: 10 })).status).toBe(200)
    expect((await host.api('ledger.grant', { ownerId: anne.ownerId, amount: 12_000, memo: 'Prize money' })).status).toBe(200)
    expect((await host.api('ledger.grant', { ownerId: jack.ownerId, amount: 15_000, memo: 'Inheritance' })).status).toBe(200)

    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=campaign-title]').getByText('Shipwrights').waitFor()

    // ── An empty fleet points to the Shipyard ─────────────────────────────────
    await openPage(page, 'Fleet', 'fleet')
    const empty = page.locator('[data-test=fleet-empty]')
    await empty.getByText('No ships yet.').waitFor()
    await shot(page, 'fleet-empty')
    await empty.getByRole('button', { name: 'Open the Shipyard' }).click()
    await page.waitForURL(/#\/campaign\/shipyard$/)

    // ── Shipyard: the five hulls, priced and measured by the campaign's tables ─
    const picker = page.locator('[data-test=hull-picker]')
    const merchantman = picker.locator('[data-hull=merchantman]')
    await merchantman.getByText('Large and sturdy, built for cargo').waitFor()
    await merchantman.getByText('10,000 G').waitFor()
    await shot(page, 'shipyard-start')
    await merchantman.click()
    await expect(merchantman.getAttribute('aria-checked')).resolves.toBe('true')
    const quote = page.locator('[data-test=quote]')
    await quote.getByText('Merchantman: base cost').waitFor()
    const totals: string[] = [await settledTotal(page)]
    expect(totals[0]).toBe('10,000 G')

    // Guns, pont guns, boats and powder: the total follows each change.
    await setNumber(page, 'Port broadside', 10)
    await setNumber(page, 'Starboard broadside', 10)
    await setNumber(page, 'Bow chasers', 2)
    await quote.getByText('Long guns, port broadside: 10 × 400').waitFor()
    totals.push(await settledTotal(page))
    expect(totals[1]).toBe('18,800 G')
    await setNumber(page, 'Pont guns, port', 2)
    await setNumber(page, 'Pont guns, starboard', 2)
    await setNumber(page, 'Jolly boats', 2)
    await setNumber(page, 'Shot and powder in tons', 1.5)
    await quote.getByText('Shot and powder: 1.5 t × 400').waitFor()
    totals.push(await settledTotal(page))
    expect(totals[2]).toBe('20,480 G')

    // A modification and two flaws.
    await setNumber(page, 'Reinforced hull', 2)
    await page.getByRole('switch', { name: 'Vermin' }).click()
    await setNumber(page, 'Tattered sails', 1)
    await quote.getByText('Reinforced hull: 2 points × 400').waitFor()
    await quote.getByText('Vermin').first().waitFor()
    totals.push(await settledTotal(page))
    // + 800 reinforced hull − 1,200 vermin − 200 tattered sails
    expect(totals[3]).toBe('19,880 G')
    // Every line names its rule.
    await quote.getByText('High Seas Combat, I.4 Modifications').first().waitFor()

    // Each number of the finished ship shows its terms on hover.
    const hullStat = quote.locator('[data-stat=hull]')
    await expect(hullStat.textContent()).resolves.toContain('42')
    await hullStat.hover()
    const pop = page.locator('.n-popover:visible [data-test=breakdown]')
    await pop.getByText('Reinforced hull', { exact: false }).waitFor()
    await expect(pop.textContent()).resolves.toContain('Merchantman40')
    await shot(page, 'shipyard-hull-breakdown')
    await page.mouse.move(0, 0)

    // Too many guns on the port broadside: the problem is shown at that control and in the summary,
    // and the yard will not take the order.
    await setNumber(page, 'Port broadside', 13)
    const portProblem = page.locator('[data-problem-for="guns.port"]')
    await portProblem.getByText('carries at most 12 long guns per broadside').waitFor()
    const problems = quote.locator('[data-test=problems]')
    await problems.getByText('1 problem').waitFor()
    await expect(problems.textContent()).resolves.toContain('Port broadside')
    const commissionGo = page.locator('[data-test=commission-go]')
    await expect(commissionGo.isDisabled()).resolves.toBe(true)
    await page.locator('[data-test=commission-why]').getByText('The design has 1 problem to fix first').waitFor()
    await page.locator('[data-field="guns.port"]').scrollIntoViewIfNeeded()
    await shot(page, 'shipyard-problem-guns')

    // Sluggish on a streamlined ship is refused too, at the flaw's switch; clicking the summary goes there.
    await page.getByRole('switch', { name: 'Streamlined' }).click()
    await page.getByRole('switch', { name: 'Sluggish' }).click()
    await page.locator('[data-problem-for="flaws.sluggish"]').getByText('A streamlined ship cannot take the Sluggish flaw.').waitFor()
    await problems.getByText('2 problems').waitFor()
    await problems.getByRole('button', { name: 'Sluggish' }).click()
    await expect
      .poll(() => page.evaluate<string | null | undefined>("document.activeElement?.closest('[data-field]')?.getAttribute('data-field')"))
      .toBe('flaws.sluggish')
    await scrolledToCentre(page.locator('[data-field="flaws.sluggish"]'))
    await settled(page)
    await shot(page, 'shipyard-problem-flaw')

    // Fix both: 12 port guns, and neither streamlining nor the flaw.
    await page.getByRole('switch', { name: 'Sluggish' }).click()
    await page.getByRole('switch', { name: 'Streamlined' }).click()
    await setNumber(page, 'Port broadside', 12)
    await problems.waitFor({ state: 'detached' })
    await portProblem.waitFor({ state: 'detached' })
    totals.push(await settledTotal(page))
    expect(totals[4]).toBe('20,680 G')

    // What the ship costs is what the host prices.
    const design = {
      hull: 'merchantman',
      frigate: false,
      colonial: false,
      guns: { port: 12, starboard: 10, chasers: 2, stern: 0 },
      pontGuns: { port: 2, starboard: 2 },
      jollyBoats: 2,
      powderTons: 1.5,
      modifications: { reinforcedHull: 2 },
      flaws: { vermin: true, tatteredSails: 1 }
    }
    const priced = (await host.api<{ total: number; constructionMonths: number; problems: unknown[] }>('ships.quote', { design })).body
    expect(priced.total).toBe(20_680)
    expect(priced.problems).toEqual([])
    await quote.locator('[data-test=construction]').getByText(`${priced.constructionMonths} months`).waitFor()

    // ── Commission: a name and two owners at 60/40 ────────────────────────────
    const commission = page.locator('[data-test=commission]')
    await commission.scrollIntoViewIfNeeded()
    await commission.getByLabel('Ship name').fill("Queen Anne's Revenge")
    await choose(page, commission.locator('[data-test=add-owner]'), 'Anne Bonny (character)')
    await choose(page, commission.locator('[data-test=add-owner]'), 'Calico Jack (character)')
    await setNumber(page, 'Share of Anne Bonny in percent', 60)
    await commission.locator('[data-test=share-sum]').getByText('60% of 100%').waitFor()
    await expect(commissionGo.isDisabled()).resolves.toBe(true)
    await commission.getByText('The shares come to 60%, not 100%.').waitFor()
    await setNumber(page, 'Share of Calico Jack in percent', 40)
    await commission.locator('[data-test=share-sum]').getByText('100% ✓').waitFor()
    // Who pays what, and from which purse: Anne's ship fund (10 hero points) first, then her cash.
    const annePays = commission.locator('tr[data-owner="Anne Bonny"] [data-test=owner-pays]')
    await expect(annePays.textContent()).resolves.toContain('Pays 12,408 G')
    await expect(annePays.textContent()).resolves.toContain('6,000 from the fund')
    await expect(commissionGo.isDisabled()).resolves.toBe(false)
    await page.locator('[data-test=commission-why]').waitFor({ state: 'detached' })
    await shot(page, 'shipyard-commission-ready')

    await commissionGo.click()
    const toast = page.locator('[data-test=commission-toast]')
    await toast.getByText("Commissioned the Queen Anne's Revenge for 20,680 G").waitFor()
    await toast.getByRole('link', { name: 'Open her sheet' }).waitFor()
    await toast.getByRole('button', { name: 'Undo' }).waitFor()
    await page.locator('[data-test=commissioned]').getByRole('link', { name: 'Open her sheet' }).waitFor()
    await settled(page)
    await shot(page, 'shipyard-commissioned')

    const ships = (await host.api<ShipSummary[]>('ships.list')).body
    expect(ships).toHaveLength(1)
    const ship = ships[0]!
    expect(ship).toMatchObject({ name: "Queen Anne's Revenge", hull: 'merchantman', status: 'construction', cost: 20_680 })
    expect(ship.owners.map((o) => [o.name, o.share])).toEqual([
      ['Anne Bonny', 60],
      ['Calico Jack', 40]
    ])
    const anneMoney = (await host.api<Money>('ledger.balance', { ownerId: anne.ownerId })).body
    const jackMoney = (await host.api<Money>('ledger.balance', { ownerId: jack.ownerId })).body
    expect(anneMoney.shipFund).toBe(0)
    expect(anneMoney.cash + jackMoney.cash).toBe(6_000 + 12_000 + 15_000 - 20_680)

    // ── The Fleet shows her on the stocks ──────────────────────────────────────
    await openPage(page, 'Fleet', 'fleet')
    const row = page.locator('[data-test=fleet-table] tr[data-ship="Queen Anne\'s Revenge"]')
    await row.getByText('Under construction').waitFor()
    await expect(row.textContent()).resolves.toContain(`launches in ${ship.inDays} days`)
    await expect(row.textContent()).resolves.toMatch(/Anne Bonny\s*60%/)
    await expect(row.textContent()).resolves.toContain('20,680')
    await shot(page, 'fleet-construction')

    // ── The clock runs to her launch, from the Dashboard ──────────────────────
    await openPage(page, 'Dashboard', 'dashboard')
    await page.locator('[data-test=advance-days]').locator('input').fill(String(ship.inDays))
    await page.locator('[data-test=advance-custom]').click()
    await page.locator('[data-test=advance-summary]').waitFor()

    await openPage(page, 'Fleet', 'fleet')
    await row.getByText('In port').waitFor()
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'fleet-in-port')

    // ── Her sheet ──────────────────────────────────────────────────────────────
    await row.click()
    await page.waitForURL(new RegExp(`#/campaign/fleet/${ship.id}$`))
    const sheet = page.locator('[data-test=ship-sheet]')
    await sheet.locator('[data-test=ship-name]').getByText("Queen Anne's Revenge").waitFor()
    await sheet.getByText('In port').first().waitFor()
    const attributes = sheet.locator('[data-test=attributes]')
    await expect(attributes.locator('[data-stat=hull]').textContent()).resolves.toMatch(/42\s*\/\s*42/)
    await expect(attributes.locator('[data-stat=hull]').textContent()).resolves.toContain('Merchantman 40 + Reinforced hull (2 points) 2')
    await expect(attributes.locator('[data-stat=rigging]').textContent()).resolves.toMatch(/24\s*\/\s*24/)
    await expect(attributes.locator('[data-stat=rigging]').textContent()).resolves.toContain('− Tattered sails')
    const batteries = sheet.locator('[data-test=batteries]')
    await expect(batteries.getByRole('row').filter({ hasText: 'Port broadside' }).textContent()).resolves.toMatch(/Port broadside\s*12\s*0\s*12/)
    await expect(batteries.getByRole('row').filter({ hasText: 'Long guns' }).textContent()).resolves.toMatch(/24\s*0\s*24/)
    await expect(sheet.locator('[data-test=owners]').textContent()).resolves.toMatch(/Anne Bonny\s*60%\s*Calico Jack\s*40%/)
    await expect(sheet.locator('[data-test=cost]').textContent()).resolves.toContain('20,680')
    const history = sheet.locator('[data-test=history] li')
    expect(await history.count()).toBeGreaterThanOrEqual(2)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await toast.waitFor({ state: 'detached', timeout: 15_000 }) // let the toasts go
    await page.locator('.n-message').first().waitFor({ state: 'detached', timeout: 15_000 })
    await shot(page, 'ship-sheet')
    await sheet.locator('[data-test=crew]').scrollIntoViewIfNeeded()
    await shot(page, 'ship-sheet-crew-hold')
    await sheet.locator('[data-test=history]').scrollIntoViewIfNeeded()
    await shot(page, 'ship-sheet-cost-history')

    // Rename inline.
    await sheet.getByRole('button', { name: 'Rename the ship' }).click()
    await sheet.getByLabel('Ship name').fill('Revenge')
    await sheet.locator('[data-test=rename-save]').click()
    await sheet.locator('[data-test=ship-name]').getByText('Revenge', { exact: true }).waitFor()
    expect((await host.api<ShipSummary[]>('ships.list')).body[0]!.name).toBe('Revenge')

    // ── Print preview: only the sheet, black on white ─────────────────────────
    await page.mouse.move(0, 0)
    await expect.poll(() => page.locator('.n-message').count()).toBe(0) // let the toasts go
    await page.emulateMedia({ media: 'print' })
    await expect(page.locator('.n-layout-sider').isVisible()).resolves.toBe(false)
    await expect(page.locator('[data-test=print]').isVisible()).resolves.toBe(false)
    await expect(page.locator('[data-test=campaign-title]').isVisible()).resolves.toBe(false)
    const bg = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor')
    expect(bg).toBe('rgb(255, 255, 255)')
    await page.setViewportSize({ width: 794, height: 1123 }) // A4 at 96 dpi
    await page.screenshot({ path: join(process.cwd(), 'test-results', 'screenshots', 'ship-sheet-print.png'), fullPage: true })
    const pdf = await page.pdf({ format: 'A4', printBackground: true })
    expect(pdf.byteLength).toBeGreaterThan(10_000)
    writeFileSync(join(process.cwd(), 'test-results', 'ship-sheet.pdf'), pdf)
    await page.emulateMedia({ media: 'screen' })
  })

  it('at 1920×1080: the Shipyard and a sheet use the room, sell and scuttle from the sheet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-e2e-files-'))
    host = await serve(['--campaign', join(dir, 'Wide-Yard.quarterdeck'), '--create'])
    const mary = (await host.api<{ ownerId: number }>('people.create', { name: 'Mary Read', kind: 'pc' })).body
    const woodes = (await host.api<{ ownerId: number }>('people.create', { name: 'Woodes Rogers', kind: 'npc' })).body
    expect((await host.api('ledger.grant', { ownerId: mary.ownerId, amount: 40_000, memo: 'Spanish gold' })).status).toBe(200)
    expect((await host.api('ledger.grant', { ownerId: woodes.ownerId, amount: 30_000, memo: 'Crown funds' })).status).toBe(200)
    const sloop = {
      hull: 'corsair',
      guns: { port: 6, starboard: 6, chasers: 2, stern: 0 },
      pontGuns: { port: 1, starboard: 1 },
      jollyBoats: 1,
      powderTons: 1,
      modifications: { streamlined: true, hiddenTowline: true },
      flaws: { warpedRudder: 'port' }
    }
    const made = await host.api<{ shipId: number }>('ships.commission', { design: sloop, name: 'Ranger', owners: [{ ownerId: mary.ownerId, share: 100 }] })
    expect(made.status).toBe(200)
    const ranger = (await host.api<ShipSummary[]>('ships.list')).body[0]!
    expect((await host.api('clock.advance', { days: ranger.inDays })).status).toBe(200)

    b = await browser({ width: 1920, height: 1080 })
    const { page } = b
    await page.goto(host.url)
    await campaignTitle(page, 'Wide-Yard').waitFor()

    await openPage(page, 'Shipyard', 'shipyard')
    await page.locator('[data-test=hull-picker] [data-hull=galleon]').click()
    await setNumber(page, 'Port broadside', 20)
    await setNumber(page, 'Starboard broadside', 20)
    await page.getByRole('switch', { name: 'Close hauled' }).click()
    await page.getByRole('switch', { name: 'Small rudder' }).click()
    await page.locator('[data-problem-for="flaws.smallRudder"]').waitFor()
    await page.locator('[data-field="flaws.warpedRudder"]').getByText('Starboard', { exact: true }).click()
    await settledTotal(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'shipyard-1920-flaws')
    await page.getByRole('heading', { name: 'Shipyard' }).scrollIntoViewIfNeeded()
    await shot(page, 'shipyard-1920')

    await page.goto(`${host.origin}/#/campaign/fleet/${made.body.shipId}`)
    const sheet = page.locator('[data-test=ship-sheet]')
    await sheet.getByText('In port', { exact: true }).waitFor()
    await sheet.getByText('Warped rudder (port)').waitFor()
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'ship-sheet-1920')

    // Sell her to Woodes Rogers: Mary receives the price and Woodes owns her.
    await sheet.locator('[data-test=sell]').click()
    const sell = page.locator('[data-test=sell-dialog]')
    await sell.getByLabel('Price (G)').fill('9000')
    await choose(page, sell.locator('[data-test=sell-buyer]'), 'Woodes Rogers')
    await sell.getByText('Woodes Rogers pays from cash').waitFor()
    await shot(page, 'ship-sell-dialog')
    await sell.locator('[data-test=sell-go]').click()
    await sell.waitFor({ state: 'detached' })
    await expect.poll(() => sheet.locator('[data-test=owners]').textContent()).toMatch(/Woodes Rogers\s*100%/)
    expect((await host.api<Money>('ledger.balance', { ownerId: mary.ownerId })).body.cash).toBeGreaterThanOrEqual(9000)
    expect((await host.api<Money>('ledger.balance', { ownerId: woodes.ownerId })).body.cash).toBe(21_000)

    // Undo the sale from the toast, then scuttle her instead.
    await page.locator('.n-message').filter({ hasText: 'Sold the Ranger' }).getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => sheet.locator('[data-test=owners]').textContent()).toMatch(/Mary Read\s*100%/)
    await sheet.locator('[data-test=scuttle]').click()
    await page.getByRole('button', { name: 'Scuttle her' }).click()
    await sheet.locator('.qd-status[data-status=scuttled]').waitFor()
    expect((await host.api<ShipSummary[]>('ships.list')).body[0]!.status).toBe('scuttled')
    await openPage(page, 'Fleet', 'fleet')
    await page.locator('[data-test=fleet-table] tr[data-ship="Ranger"]').getByText('Scuttled').waitFor()
    await shot(page, 'fleet-1920')
  })
})
