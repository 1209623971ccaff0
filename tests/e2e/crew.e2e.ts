import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { apiOk, hideMessages as settle, shipTab as tab, openShip, browser, choose, noHorizontalOverflow, openPage, serve, shot, type Browser, type Served } from './harness'

/**
 * The life of a ship (issue 6) through the UI in Chromium, as a new GM would: a port, standing orders to
 * recruit and press hands, four weeks on the clock, the crew grown and their gear in the ledger; a Small
 * Warship five months uncareened losing Speed, careened in port for 800 G; battle damage mended at sea by
 * her crew and in port by the yard. Setup the other tests already cover (characters, money, commissioning,
 * a battle's outcome) goes through the host.
 */

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

interface Roster {
  hands: number
  sailors: number
  orders: { recruit: boolean; pressGang: boolean }
  place: { status: string; portId: number | null; label: string }
  officers: { name: string; role: string }[]
}
interface Condition {
  hull: { points: number; damage: number; now: number; crewRepairable: number; portOnly: number; unrepairable: number }
  rigging: { damage: number; now: number }
  careening: { dueDay: number; monthsPastDue: number; untilDay: number | null; portFee: number }
  speed: { design: number; now: number }
  penalties: string[]
}
interface Tx {
  memo: string
  lines: { ownerName: string; amount: number }[]
}

const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)
/** Hide the toasts shown so far (they would cover the cards) and let transitions settle before a screenshot. */
const today = async () => (await api<{ day: number }>('clock.now')).day

/** Advance the clock on the Dashboard's clock card by a number of days, and wait for it. */
async function advance(page: Page, days: number): Promise<void> {
  await openPage(page, 'Dashboard', 'dashboard')
  const before = await today()
  await page.getByLabel('Days to advance').fill(String(days))
  await page.getByLabel('Days to advance').press('Tab')
  await page.locator('[data-test=advance-custom]').click()
  await expect.poll(today, { timeout: 20_000 }).toBe(before + days)
  await page.locator('[data-test=advance-summary]').waitFor()
}

describe('the life of a ship in Chromium', () => {
  it('recruits with press gangs in port, careens an overdue Small Warship for 800 G, and repairs battle damage at sea and in port', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-e2e-crew-'))
    host = await serve(['--campaign', join(dir, 'Shipshape.quarterdeck'), '--create'])

    // ── Setup through the host: an owner with money, a carpenter, two ships launched ──
    const anne = await api<{ id: number; ownerId: number }>('people.create', { name: 'Anne Bonny', kind: 'pc' })
    await api('people.create', { name: 'Chips McGee', kind: 'npc', knacks: { Rigging: 2 } })
    await api('ledger.grant', { ownerId: anne.ownerId, amount: 90_000, memo: 'Prize money' })
    const none = { port: 0, starboard: 0 }
    const merchant = await api<{ shipId: number }>('ships.commission', {
      name: 'Swallow',
      owners: [{ ownerId: anne.ownerId, share: 100 }],
      design: {
        hull: 'merchantman',
        frigate: false,
        colonial: false,
        guns: { port: 10, starboard: 10, chasers: 0, stern: 0 },
        pontGuns: none,
        jollyBoats: 2,
        powderTons: 1,
        modifications: {},
        flaws: {}
      }
    })
    const warship = await api<{ shipId: number; launchDay: number }>('ships.commission', {
      name: 'Dauntless',
      owners: [{ ownerId: anne.ownerId, share: 100 }],
      design: {
        hull: 'smallWarship',
        frigate: false,
        colonial: false,
        guns: { port: 4, starboard: 4, chasers: 0, stern: 0 },
        pontGuns: none,
        jollyBoats: 1,
        powderTons: 0.5,
        modifications: {},
        flaws: {}
      }
    })
    await api('clock.advance', { days: warship.launchDay + 1 })
    expect((await api<{ status: string }>('ships.get', { shipId: merchant.shipId })).status).toBe('port')
    expect((await api<{ status: string }>('ships.get', { shipId: warship.shipId })).status).toBe('port')

    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=campaign-title]').getByText('Shipshape').waitFor()

    // ── A port, friendly to Anne (Ports page) ─────────────────────────────────
    await openPage(page, 'Ports', 'ports')
    await page.locator('[data-test=ports-empty]').getByText('No ports yet.').waitFor()
    await page.locator('[data-test=chart-link]').getByRole('link', { name: 'Chart' }).waitFor()
    await page.locator('[data-test=port-new]').click()
    const portDialog = page.locator('[data-test=port-dialog]')
    await portDialog.getByLabel('Port name').fill('Port Royal')
    await portDialog.getByLabel('Port nation').fill('Avalon')
    await portDialog.locator('[data-test=port-major]').click()
    // A multiple select stays open after a pick: pick, then close it.
    await portDialog.locator('[data-test=port-owners]').click()
    await page.locator('.n-base-select-option:visible').getByText('Anne Bonny', { exact: true }).click()
    await page.keyboard.press('Escape')
    await portDialog.getByLabel('Port name').click()
    await settle(page)
    await shot(page, 'crew-port-new')
    await portDialog.locator('[data-test=port-save]').click()
    await page.waitForURL(/#\/campaign\/ports\/\d+$/)
    await page.locator('[data-test=port-name]').getByText('Port Royal').waitFor()
    await page.getByText('Friendly to ships of Avalon, Anne Bonny').waitFor()

    // Bring the Swallow in from the port's page.
    await choose(page, page.locator('[data-test=port-bring]'), 'Swallow')
    await page.locator('[data-test=port-bring-go]').click()
    const swallowRow = page.locator('[data-test=port-ships] tr[data-ship="Swallow"]')
    await swallowRow.waitFor()
    await expect.poll(async () => (await api<Roster>('crew.get', { shipId: merchant.shipId })).place.label).toBe('In Port Royal')

    // ── Standing orders: recruit and press gangs (the ship's Orders tab) ──────
    await swallowRow.getByRole('link', { name: 'Swallow' }).click()
    await page.locator('[data-test=ship-name]').getByText('Swallow').waitFor()
    await page.locator('[data-test=ship-place]').getByText('In Port Royal').waitFor()
    await tab(page, 'Crew')
    const crewTab = page.locator('[data-test=crew-tab]')
    await expect.poll(() => crewTab.locator('[data-test=crew-hands]').textContent()).toBe('0')
    await crewTab.locator('[data-test=cannot-sail]').waitFor()
    await crewTab.locator('[data-test=guns-unserved]').getByText('20 guns cannot be served').waitFor()
    await settle(page)
    await shot(page, 'crew-tab-empty')

    await tab(page, 'Orders')
    const orders = page.locator('[data-test=orders-form]')
    await orders.getByRole('switch', { name: 'Recruit' }).click()
    await expect.poll(async () => (await api<Roster>('crew.get', { shipId: merchant.shipId })).orders.recruit).toBe(true)
    await orders.getByRole('switch', { name: 'Press gangs' }).click()
    await expect.poll(async () => (await api<Roster>('crew.get', { shipId: merchant.shipId })).orders.pressGang).toBe(true)
    await page.locator('[data-test=orders-summary]').getByText('Recruit, press gangs').waitFor()
    await settle(page)
    await shot(page, 'crew-orders')
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)

    // The port's page shows her orders and what they cost this week.
    await page.locator('[data-test=ship-place]').click()
    await page.waitForURL(/#\/campaign\/ports\/\d+$/)
    await swallowRow.locator('[data-test=port-orders]').getByText('Recruit, press gangs').waitFor()
    await expect(swallowRow.locator('[data-test=port-ship-week]').textContent()).resolves.toMatch(/^[1-9][\d,]* G$/)
    await settle(page)
    await shot(page, 'crew-port-page')

    // ── Four weeks on the clock (the Dashboard's clock card) ──────────────────
    await advance(page, 28)
    await page.locator('[data-test=advance-summary]').getByText(/Swallow: recruited \d+ .*press gangs \d+/).first().waitFor()
    await settle(page)
    await shot(page, 'crew-dashboard-four-weeks')
    const after = await api<Roster>('crew.get', { shipId: merchant.shipId })
    // Four weeks of 1k1+2 recruited and 1k1+2 pressed: at least 4 × (3 + 3).
    expect(after.hands).toBeGreaterThanOrEqual(24)

    // The crew grew on her sheet …
    await openShip(page, 'Swallow')
    await tab(page, 'Crew')
    await expect.poll(() => crewTab.locator('[data-test=crew-hands]').textContent()).toBe(String(after.hands))
    await expect.poll(() => crewTab.locator('[data-test=crew-sailors]').textContent()).toBe(String(after.sailors))
    await crewTab.locator('[data-test=crew-monthly]').getByText(`Food: ${after.hands} aboard × 4`).waitFor()
    await settle(page)
    await shot(page, 'crew-tab-grown')
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)

    // … and their gear is in the ledger, 16 G a hand.
    const gear = (await api<{ transactions: Tx[] }>('ledger.history', { search: 'Gear for' })).transactions
    expect(gear.length).toBeGreaterThanOrEqual(4)
    const recruited = gear.reduce((n, t) => n + Number(/Gear for (\d+) new hand/.exec(t.memo)![1]), 0)
    expect(recruited).toBe(after.hands)
    for (const t of gear) {
      const n = Number(/Gear for (\d+) new hand/.exec(t.memo)![1])
      expect(t.lines.find((l) => l.ownerName === 'Anne Bonny')!.amount).toBe(-16 * n)
    }
    await openPage(page, 'Ledger', 'ledger')
    await page.getByLabel('Search memos').fill('Gear for')
    const txTable = page.locator('[data-test=tx-table]')
    await txTable.getByText(gear[0]!.memo).first().waitFor()
    await page.locator('[data-test=transactions]').scrollIntoViewIfNeeded()
    await settle(page)
    await shot(page, 'crew-ledger-gear')

    // The Hold: powder, boats, food and what is free.
    await openShip(page, 'Swallow')
    await tab(page, 'Hold')
    const hold = page.locator('[data-test=hold-tab]')
    await hold.locator('tr[data-hold="powder"]').getByText('1 t', { exact: true }).waitFor()
    await hold.locator('tr[data-hold="boats"]').getByText('2 t', { exact: true }).waitFor()
    await hold.getByRole('button', { name: 'Buy provisions' }).click()
    await expect.poll(async () => (await api<{ provisions: { crewWeeks: number } }>('crew.get', { shipId: merchant.shipId })).provisions.crewWeeks).toBeGreaterThan(0)
    await hold.locator('tr[data-hold="food"]').getByText('1 t', { exact: true }).waitFor()
    await hold.locator('tr[data-hold="free"]').getByText('20 t', { exact: true }).waitFor()
    await settle(page)
    await shot(page, 'crew-hold')

    // Stop recruiting now she is manned (the rest of the test is about the Dauntless).
    await tab(page, 'Orders')
    await orders.getByRole('switch', { name: 'Recruit' }).click()
    await orders.getByRole('switch', { name: 'Press gangs' }).click()
    await expect.poll(async () => (await api<Roster>('crew.get', { shipId: merchant.shipId })).orders).toMatchObject({ recruit: false, pressGang: false })

    // ── A Small Warship five months uncareened: Speed 3 → 2 ──────────────────
    const clean = await api<Condition>('ships.condition', { shipId: warship.shipId })
    expect(clean.speed).toEqual({ design: 3, now: 3, breakdown: expect.any(Array) })
    // To the day a month past due (four months, then one more; no month is longer than 31 days).
    await advance(page, clean.careening.dueDay - (await today()) + 31)
    const overdue = await api<Condition>('ships.condition', { shipId: warship.shipId })
    expect(overdue.careening.monthsPastDue).toBe(1)
    expect(overdue.speed.now).toBe(2)
    await openShip(page, 'Dauntless')
    await page.locator('[data-test=ship-penalties]').getByText('1 penalty in effect').click()
    const cond = page.locator('[data-test=condition-tab]')
    await expect.poll(() => cond.locator('[data-test=speed-now]').textContent()).toBe('2')
    await cond.locator('[data-test=careening-overdue]').getByText('1 month overdue').waitFor()
    await cond.locator('[data-test=penalties]').getByText('Careening 1 month overdue: Speed 3 → 2').waitFor()
    await settle(page)
    await shot(page, 'crew-condition-overdue')
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)

    // The Dashboard warns of it.
    await openPage(page, 'Dashboard', 'dashboard')
    const upkeep = page.locator('[data-test=upkeep-card]')
    await upkeep.locator('[data-test=upkeep-warnings] li[data-kind=careening]').filter({ hasText: 'Dauntless' }).waitFor()
    await upkeep.locator('tr[data-owner="Anne Bonny"]').waitFor()
    await upkeep.scrollIntoViewIfNeeded()
    await settle(page)
    await shot(page, 'crew-dashboard-upkeep')
    // Its warning opens her Condition tab.
    await upkeep.locator('li[data-kind=careening]').filter({ hasText: 'Dauntless' }).getByRole('link').click()
    await page.waitForURL(/tab=condition/)

    // Careen her in port (the yard she was built in) for 800 G: the penalty is lifted.
    const cashBefore = (await api<{ cash: number }>('ledger.balance', { ownerId: anne.ownerId })).cash
    await cond.locator('[data-test=careen-port]').getByText('Careen in port · 800 G').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Careen for 800 G' }).click()
    await cond.locator('[data-test=no-penalties]').waitFor()
    await expect.poll(() => cond.locator('[data-test=speed-now]').textContent()).toBe('3')
    await cond.locator('[data-test=careening-now]').waitFor()
    expect((await api<{ cash: number }>('ledger.balance', { ownerId: anne.ownerId })).cash).toBe(cashBefore - 800)
    const careenTx = (await api<{ transactions: Tx[] }>('ledger.history', { search: 'Careening the Dauntless' })).transactions
    expect(careenTx).toHaveLength(1)
    expect(careenTx[0]!.lines.find((l) => l.ownerName === 'Anne Bonny')!.amount).toBe(-800)
    await settle(page)
    await shot(page, 'crew-condition-careened')

    // ── A crew and a carpenter for the Dauntless (hire dialog) ────────────────
    await tab(page, 'Crew')
    await crewTab.locator('[data-test=crew-hire]').click()
    const hire = page.locator('[data-test=hire-dialog]')
    await hire.getByLabel('Sailors to sign on').fill('40')
    await hire.locator('[data-test=hire-add-officer]').click()
    await choose(page, hire.locator('[data-test=hire-person]'), 'Chips McGee (NPC)')
    await choose(page, hire.locator('[data-test=hire-role]'), 'Carpenter')
    await hire.locator('[data-test=hire-gear]').getByText('640 G').waitFor()
    // Seed 003 I.2: 1k1+2 a week in a friendly port — 40 is more than this week's recruiting found: refused at the field.
    await hire.locator('[data-test=hire-go]').click()
    await hire.locator('[data-test=hire-error]').getByText(/left to sign on \(recruiting 1k1\+2: \d+\), not 40/).waitFor()
    await hire.locator('[data-test=hire-week]').getByText(/found to sign on this week \(recruiting 1k1\+2: \d+\)/).waitFor()
    await settle(page)
    await shot(page, 'crew-hire-refused')
    // The GM's override: hire now, house rule.
    await hire.locator('[data-test=hire-house-rule]').click()
    await settle(page)
    await shot(page, 'crew-hire-dialog')
    await hire.locator('[data-test=hire-go]').click()
    await hire.waitFor({ state: 'hidden' })
    const history = await api<{ entries: { summary: string }[] }>('history.list', { limit: 1 })
    expect(history.entries[0]!.summary).toMatch(/^Signed on 40 sailors and Chips McGee as carpenter aboard the Dauntless.*\(hired now, house rule\)$/)
    await expect.poll(() => crewTab.locator('[data-test=crew-hands]').textContent()).toBe('40')
    await crewTab.locator('[data-test=crew-officers] tr[data-officer="Chips McGee"]').getByText('Carpenter').waitFor()
    await crewTab.locator('[data-test=crew-officers]').getByText('Rigging 2').waitFor()
    await crewTab.locator('[data-test=crew-officers]').scrollIntoViewIfNeeded()
    await settle(page)
    await shot(page, 'crew-tab-officers')

    // The careening takes three days; then she puts to sea (Orders tab).
    await advance(page, 3)
    await openShip(page, 'Dauntless')
    await tab(page, 'Orders')
    await choose(page, page.locator('[data-test=move-to]'), 'At sea')
    await page.locator('[data-test=move-go]').click()
    await page.locator('[data-test=place-label]').getByText('At sea').waitFor()

    // ── Battle damage (a battle's outcome written back through the host) ─────
    const { battleId } = await api<{ battleId: number }>('battles.start', {
      participants: [
        { shipId: warship.shipId, side: 'Anne' },
        { generate: { hull: 'corsair', armament: 'light', name: 'Sea Wolf' }, side: 'Pirates' }
      ]
    })
    const review = await api<{ lines: { participantId: string; shipId: number | null; crewAfter: number }[] }>('battles.review', { battleId })
    const lines = review.lines.map((l) => (l.shipId === warship.shipId ? { ...l, hullDamage: 10, riggingDamage: 6, crewAfter: 40, crewLost: 0 } : l))
    await api('battles.conclude', { battleId, lines })
    const hurt = await api<Condition>('ships.condition', { shipId: warship.shipId })
    expect(hurt.hull).toMatchObject({ now: 25, damage: 10, crewRepairable: 5, portOnly: 5, unrepairable: 0 })

    // At sea her crew mends rigging and their half of the hull (4 a week with the carpenter).
    await openShip(page, 'Dauntless')
    await tab(page, 'Condition')
    await expect.poll(() => cond.locator('[data-test=hull-now]').textContent()).toBe('25')
    await cond.locator('li[data-part=port]').getByText('5').waitFor()
    await settle(page)
    await shot(page, 'crew-condition-damaged')
    await expect(cond.locator('[data-test=repair-yard]').getAttribute('class')).resolves.toContain('disabled')
    await cond.locator('[data-test=repair-go]').click()
    await expect.poll(() => cond.locator('[data-test=hull-now]').textContent()).toBe('29')
    await expect.poll(() => cond.locator('[data-test=rigging-now]').textContent()).toBe('18')
    const atSea = await api<Condition>('ships.condition', { shipId: warship.shipId })
    expect(atSea.hull).toMatchObject({ now: 29, crewRepairable: 1, portOnly: 5 })

    // In a friendly port the yard mends the rest at 50 G a point.
    await tab(page, 'Orders')
    await choose(page, page.locator('[data-test=move-to]'), 'Port Royal (Avalon)')
    await page.locator('[data-test=move-go]').click()
    await page.locator('[data-test=place-label]').getByText('In Port Royal').waitFor()
    await tab(page, 'Condition')
    const cash = (await api<{ cash: number }>('ledger.balance', { ownerId: anne.ownerId })).cash
    await cond.locator('[data-test=repair-plan]').getByText('yard: 5 hull points for 250 G').waitFor()
    const before = (await api<{ day: number }>('clock.now', {})).day
    await cond.locator('[data-test=repair-go]').click()
    await expect.poll(() => cond.locator('[data-test=hull-now]').textContent()).toBe('35')
    await expect.poll(() => cond.locator('[data-test=rigging-now]').textContent()).toBe('20')
    // Repairs take the time they take: a week on the clock, the yard's work charged once.
    expect((await api<{ day: number }>('clock.now', {})).day).toBe(before + 7)
    const yardTx = (await api<{ transactions: Tx[] }>('ledger.history', { search: 'Repairs to the Dauntless' })).transactions
    expect(yardTx).toHaveLength(1)
    expect(yardTx[0]!.lines.find((l) => l.ownerName === 'Anne Bonny')!.amount).toBe(-250)
    void cash
    await settle(page)
    await shot(page, 'crew-condition-repaired')
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)

    // The port's page lists both ships.
    await openPage(page, 'Ports', 'ports')
    await page.locator('[data-test=ports-table] tr[data-port="Port Royal"]').getByText('Dauntless').waitFor()
    await settle(page)
    await shot(page, 'crew-ports-list')
  })
})
