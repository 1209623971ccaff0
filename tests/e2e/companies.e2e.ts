import { afterEach, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { dateOf, type Calendar } from '../../src/shared/calendar'
import { apiOk, browser, hideMessages as settle, noHorizontalOverflow, openPage, openShip, serve, shot, type Browser, type Served } from './harness'

/**
 * Joint-stock companies and trading voyages' accounts (issue 8; seed 003 "VIII. Of Sea Trade") as a
 * GM uses them in the sample campaign:
 * - a company's Santa Lucia sails a trading voyage: the wages charged at sea and the fares paid on
 *   arrival show on the voyage page and in the venture's accounts on her Trade tab, which lists the
 *   voyage; closing it ends the first offering;
 * - the Company page: the month's 1k1 allowance (rolled / used / left), shares sold within it, the
 *   limit hit with a clear message, the clock advanced a month on the Dashboard, a fresh allowance
 *   with nothing carried over, a buy-back, and the price history plot taking a new price.
 * The company is chartered through the host (charters are tested in trade.e2e.ts).
 */

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)
async function fits(page: Page, name: string): Promise<void> {
  await settle(page)
  await shot(page, name)
  expect(await noHorizontalOverflow(page), `${name} overflows sideways`).toBeLessThanOrEqual(0)
}

interface Owner {
  id: number
  name: string
}
interface Company {
  id: number
  status: string
  offering: boolean
  sharePrice: number
  allowance: { month: string; rolled: number | null; used: number; left: number | null }
  priceHistory: { price: number }[]
}
interface Now {
  day: number
}

/** Days from today to the next first of a month on the campaign's calendar. */
async function daysToFirst(): Promise<number> {
  const cal = (await api<{ value: Calendar }>('rules.get', { table: 'calendar' })).value
  const today = (await api<Now>('clock.now')).day
  let d = today + 1
  while (dateOf(cal, d).dayOfMonth !== 1) d++
  return d - today
}

/** The allowance as the Company page shows it (its data attributes). */
async function allowance(page: Page): Promise<{ rolled: number; used: number; left: number }> {
  const el = page.locator('[data-test=company-allowance]')
  const n = async (a: string) => Number(await el.getAttribute(`data-${a}`))
  return { rolled: await n('rolled'), used: await n('used'), left: await n('left') }
}

/** Pick an option of a Naive UI select whose text starts with `prefix` (owners' options carry their cash). */
async function pick(page: Page, select: Locator, prefix: string): Promise<void> {
  await select.click()
  await page.locator('.n-base-select-option:visible').filter({ hasText: prefix }).first().click()
  await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)
}

async function sellShares(page: Page, count: number): Promise<void> {
  await pick(page, page.locator('[data-test=shares-buyer]'), 'Old Tom Hollis')
  await page.getByLabel('Shares to sell').fill(String(count))
  await page.getByLabel('Shares to sell').press('Tab')
  await page.locator('[data-test=shares-sell]').click()
}

describe('joint-stock companies and trading voyages in Chromium', () => {
  it("keeps a voyage's wages and fares in its venture, then trades shares within the month's allowance, month after month, and sets a price", async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=open-sample]').click()
    await page.locator('[data-test=campaign-title]').waitFor()

    // ── Setup through the host: a company owning the Santa Lucia, 5 shares sold at the first offering ──
    const owners = await api<Owner[]>('owners.list')
    const tom = owners.find((o) => o.name === 'Old Tom Hollis')!
    const allende = owners.find((o) => o.name === 'Allende de Zepeda')!
    await api('ledger.grant', { ownerId: tom.id, amount: 60_000, memo: 'A Vendel merchant’s stake' })
    await api('ledger.grant', { ownerId: allende.id, amount: 30_000, memo: 'The Casa Zepeda’s credit' })
    const ports = await api<{ id: number; name: string }[]>('ports.list')
    const port = (n: string) => ports.find((p) => p.name === n)!.id
    const ships = await api<{ id: number; name: string }[]>('ships.list')
    const santaLucia = ships.find((s) => s.name === 'Santa Lucia')!.id
    const chartered = await api<{ company: Company }>('companies.charter', { name: 'Casa Zepeda Company', portId: port('San Cristóbal'), founders: [allende.id] })
    const companyId = chartered.company.id
    if (chartered.company.status !== 'chartered') await api('companies.buyCharter', { companyId, payerId: allende.id })
    await api('companies.addShip', { companyId, shipId: santaLucia })
    await api('companies.deposit', { companyId, ownerId: allende.id, amount: 20_000 })
    await api('companies.sellShares', { companyId, buyerId: tom.id, count: 5 })
    await api('drama.set', { eventChancePerWeek: 0 })
    // Two days before the first of a month: her wages fall due at sea.
    const toFirst = await daysToFirst()
    if (toFirst > 2) await api('clock.advance', { days: toFirst - 2 })

    // ── A trading voyage: open her accounts on the Trade tab ──────────────────
    await openShip(page, 'Santa Lucia', 'trade')
    await page.locator('[data-test=venture-open]').click()
    await page.locator('[data-test=venture-voyages]').getByText('None yet').waitFor()

    // She sails for La Bucca with 10 passengers (the voyage UI is tested in voyage.e2e.ts), and the GM sails her there.
    const voyage = await api<{ id: number; name: string }>('voyages.start', { shipIds: [santaLucia], route: [port('San Cristóbal'), port('La Bucca')], passengers: 10 })
    await page.goto(`${host.origin}/?token=${host.token}#/campaign/voyages/${voyage.id}`)
    await page.locator('[data-test=voyage-name]').waitFor()
    await page.locator('[data-test=voyage-ventures]').getByText("The Santa Lucia's trading voyage").waitFor()
    const arrived = page.locator('[data-test=arrived]')
    const card = page.locator('[data-test=encounter-card]')
    const pass = card.locator('[data-test=choice-pass]')
    const sail = page.locator('[data-test=sail-on]')
    for (let i = 0; i < 40 && !(await arrived.isVisible()); i++) {
      if (await card.isVisible()) await pass.click()
      else if (await sail.isEnabled()) await sail.click()
      // Until the page waits on the GM again: arrived, an encounter to answer, or free to sail on.
      await expect
        .poll(async () => (await arrived.isVisible()) || ((await card.isVisible()) && (await pass.isEnabled().catch(() => false))) || (await sail.isEnabled().catch(() => false)))
        .toBe(true)
    }
    await page.locator('[data-test=arrived]').waitFor()
    // The voyage page: the wages charged at sea and the fares paid on arrival, in the venture's accounts.
    const acc = page.locator('[data-test=voyage-ventures]')
    await acc.locator('tr[data-kind=wages]').first().waitFor()
    await acc.locator('tr[data-kind=passengers]').first().waitFor()
    await expect(acc.locator('tr[data-kind=wages]').first().textContent()).resolves.toMatch(/Wages/)
    await acc.scrollIntoViewIfNeeded()
    await fits(page, 'companies-voyage-accounts')

    // Her Trade tab: the voyage is listed in the venture with its wages and fares; the entries are there.
    await openShip(page, 'Santa Lucia', 'trade')
    const row = page.locator(`[data-test=venture-voyages] tr[data-voyage="${voyage.id}"]`)
    await row.waitFor()
    await expect(row.textContent()).resolves.toContain(voyage.name)
    await expect(row.locator('td').first().textContent()).resolves.toMatch(/^-|−/)
    const entries = page.locator('[data-test=venture-entries]')
    await entries.getByText('Monthly wages').first().waitFor()
    await entries.getByText(/Fares of 10 passengers/).first().waitFor()
    await page.locator('[data-test=venture]').evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await fits(page, 'companies-venture-voyages')
    // The link back to the voyage.
    await row.getByRole('link').click()
    await page.waitForURL(new RegExp(`#/campaign/voyages/${voyage.id}$`))
    await openShip(page, 'Santa Lucia', 'trade')
    // Close it: the split is posted with the wages as a cost; the company's first offering ends.
    await page.locator('[data-test=venture-close]').click()
    await page.locator('.n-dialog').getByRole('button', { name: 'Close and split' }).click()
    await page.locator('[data-test=venture-past]').waitFor()
    // The closed voyage's split is shown with the voyage it sailed.
    await page.locator('[data-test=venture-closed-split]').waitFor()
    await page.locator('[data-test=venture-past-voyages]').getByText(voyage.name).waitFor()
    expect((await api<Company>('companies.get', { companyId })).offering).toBe(false)

    // ── The Company page: this month's allowance ───────────────────────────
    await page.goto(`${host.origin}/?token=${host.token}#/campaign/companies/${companyId}`)
    await page.locator('[data-test=company-page]').waitFor()
    // Its Voyages card names the voyage the closed venture sailed, with a link to it.
    await page.locator('[data-test=company-voyages] [data-test=venture-voyages]').getByRole('link', { name: voyage.name }).waitFor()
    await page.locator('[data-test=company-voyages]').evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await fits(page, 'companies-voyages')
    await page.evaluate('window.scrollTo(0, 0)')
    // The month began at sea: the monthly step rolled its 1k1 (or the first trade rolls it).
    await sellShares(page, 1)
    await expect.poll(async () => (await allowance(page)).used).toBe(1)
    const first = await allowance(page)
    expect(first.left).toBe(first.rolled - 1)
    const monthA = (await api<Company>('companies.get', { companyId })).allowance.month
    await expect(page.locator('[data-test=company-allowance]').textContent()).resolves.toContain(`${first.rolled} rolled · 1 used`)
    await expect(page.locator('[data-test=allowance-text]').textContent()).resolves.toMatch(/Unused shares lapse/)

    // One more than is left: refused, with the reason on the page.
    await sellShares(page, first.left + 1)
    const error = page.locator('[data-test=shares-error]')
    await error.waitFor()
    await expect(error.textContent()).resolves.toMatch(new RegExp(`may trade only ${first.rolled} shares? in ${monthA}.*so ${first.left} (is|are) left, not ${first.left + 1}`))
    await expect(error.textContent()).resolves.toContain('do not carry over')
    expect((await allowance(page)).used).toBe(1)
    await page.locator('[data-test=shareholders]').evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await fits(page, 'companies-allowance-refused')
    // What is left, sold: none left this month.
    if (first.left > 0) {
      await sellShares(page, first.left)
      await expect.poll(async () => (await allowance(page)).left).toBe(0)
      await expect.poll(() => error.isVisible()).toBe(false)
    }

    // ── A month later (the GM advances the clock on the Dashboard) ─────────
    await openPage(page, 'Dashboard', 'dashboard')
    const days = await daysToFirst()
    await page.getByLabel('Days to advance').fill(String(days))
    await page.getByLabel('Days to advance').press('Tab')
    await page.locator('[data-test=advance-custom]').click()
    await page.locator('[data-test=advance-summary]').getByText(/may be sold or bought back this month/).waitFor()
    await fits(page, 'companies-month-advanced')

    await page.goto(`${host.origin}/?token=${host.token}#/campaign/companies/${companyId}`)
    await page.locator('[data-test=company-page]').waitFor()
    const monthB = (await api<Company>('companies.get', { companyId })).allowance.month
    expect(monthB).not.toBe(monthA)
    await page.locator('[data-test=company-allowance]').getByText(monthB).waitFor()
    const second = await allowance(page)
    // A fresh roll; nothing carried over.
    expect(second.used).toBe(0)
    expect(second.left).toBe(second.rolled)
    expect(second.rolled).toBeGreaterThanOrEqual(1)
    // Trade again: a buy-back from Old Tom.
    await pick(page, page.locator('[data-test=shares-seller]'), 'Old Tom Hollis')
    await page.locator('[data-test=shares-buyback]').click()
    await expect.poll(async () => (await allowance(page)).used).toBe(1)
    expect((await allowance(page)).left).toBe(second.rolled - 1)

    // ── The price: set by the GM, the plot takes the new point ─────────────
    const chart = page.locator('[data-test=price-chart]')
    const points = Number(await chart.getAttribute('data-points'))
    const price = (await api<Company>('companies.get', { companyId })).sharePrice === 640 ? 660 : 640
    await page.locator('[data-test=price-input] input').fill(String(price))
    await page.getByLabel('Price note').fill('After the Bucca run')
    await page.locator('[data-test=price-set]').click()
    await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBe(points + 1)
    expect(await chart.getAttribute('data-last')).toBe(String(price))
    await expect(chart.getAttribute('aria-label')).resolves.toContain(String(price))
    await page.locator('[data-test=company-price]').getByText(`${new Intl.NumberFormat('en').format(price)} G`).waitFor()
    const after = await api<Company>('companies.get', { companyId })
    expect(after.priceHistory.at(-1)!.price).toBe(price)
    await page.locator('[data-test=company-name]').evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await fits(page, 'companies-price-set')
  }, 240_000)
})
