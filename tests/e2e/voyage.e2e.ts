import { afterEach, describe, expect, it } from 'vitest'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { apiOk, boardSized, chooseMany, ROOT, SHOTS, browser, noHorizontalOverflow, openPage, serve, settled, shot, type Browser, type Served } from './harness'

/**
 * A voyage as a new GM sails it: the sample's chart, the Santa Lucia and the Sea Dog brought together
 * in San Cristóbal, a voyage planned across the ocean to La Bucca and on to Puerto Dorado with its
 * speed breakdown, the winds and the first day's encounter check typed by hand (a 10, and 5k5 = 6: a
 * lightly armed Montaigne Merchantman), a fight on the battle board, concluded, back to the voyage and
 * on to arrival, with the food eaten, the wages of the month and the log telling the story.
 */

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

interface VoyageView {
  id: number
  status: string
  daysAtSea: number
  sailedNm: number
  distanceNm: number
  battleId: number | null
  wind: { roll: number; nmPerDay: number }
  pending: { kind: string; entry?: number; label?: string } | null
  log: { kind: string; text: string; rolls: { purpose: string }[] }[]
}

const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)

/** Answer the dice prompts as they come, by purpose, until `done` says stop. */
async function answerDice(page: Page, faces: (purpose: string, need: number) => number[], done: () => Promise<boolean>): Promise<string[]> {
  const prompt = page.locator('[data-test=dice-prompt]')
  const purposes: string[] = []
  let last = ''
  const promptText = async (): Promise<string> => ((await prompt.isVisible().catch(() => false)) ? ((await prompt.textContent().catch(() => '')) ?? '') : '')
  for (let i = 0; i < 300 && purposes.length < 40; i++) {
    // Wait for the next thing to do: `done`, or a prompt other than the one just answered.
    let finished = false
    let text = ''
    await expect.poll(async () => (finished = await done()) || ((text = await promptText()) !== '' && text !== last)).toBe(true)
    if (finished) break
    const purpose = await prompt.locator('[data-test=dice-purpose]').textContent({ timeout: 1000 }).catch(() => null)
    if (purpose === null) continue
    last = text
    const need = Number(/at least (\d+) more/.exec(text)?.[1] ?? /(\d+) more faces? to enter/.exec(text)?.[1] ?? '1')
    purposes.push(purpose)
    await page.getByLabel('Faces rolled').fill(faces(purpose, need).join(' '))
    await prompt.locator('[data-test=dice-submit]').click({ timeout: 5000 })
  }
  return purposes
}

/** Pick options of a multiple select, then close its menu. */

/** A filterable select: type part of the option, then pick it. */
async function pick(page: Page, select: ReturnType<Page['locator']>, typed: string, option: string): Promise<void> {
  await select.click()
  await page.keyboard.type(typed)
  await page.locator('.n-base-select-option:visible').getByText(option, { exact: true }).click()
  await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)
}

async function settleChart(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[data-test=sea-chart]').first().getAttribute('data-animating'), { timeout: 10_000 }).toBe('no')
  await settled(page)
}

describe('a voyage on the sea chart in Chromium', () => {
  it('plans a voyage with two ships, meets an encounter, fights it and arrives', async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=open-sample]').click()
    await page.locator('[data-test=campaign-title]').getByText('The Tortuga Run').waitFor()

    // ── The chart ───────────────────────────────────────────────────────────
    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=sea-chart] canvas').first().waitFor()
    await page.locator('[data-test=voyages-empty]').waitFor()
    await boardSized(page, 'sea-chart')
    await settled(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'chart-start')

    // ── Plan: the two ships lie in different ports ──────────────────────────
    await page.locator('[data-test=plan-voyage]').click()
    const planPanel = page.locator('[data-test=plan-panel]')
    await chooseMany(page, planPanel.locator('[data-test=plan-ships]'), ['Santa Lucia — in San Cristóbal', 'Sea Dog — in La Bucca'])
    await pick(page, planPanel.locator('[data-test=plan-stop-1]'), 'La Bu', 'La Bucca')
    await planPanel.locator('[data-test=plan-problems]').getByText('The Sea Dog lies in La Bucca, not in San Cristóbal.').waitFor()
    expect(await planPanel.locator('[data-test=set-sail]').isDisabled()).toBe(true)
    await shot(page, 'voyage-plan-problem')

    // Bring the Sea Dog round to San Cristóbal from her sheet.
    await openPage(page, 'Fleet', 'fleet')
    await page.locator('[data-test=fleet-table] tr[data-ship="Sea Dog"]').click()
    await page.locator('[data-test=ship-name]').getByText('Sea Dog').waitFor()
    await page.locator('[data-test=ship-tabs] .n-tabs-tab[data-name="orders"]').click()
    await pick(page, page.locator('[data-test=move-to]'), 'San Cr', 'San Cristóbal (Castille)')
    await page.locator('[data-test=move-go]').click()
    await page.locator('[data-test=place-label]').getByText('San Cristóbal').waitFor()

    // ── Plan again: San Cristóbal → La Bucca → Puerto Dorado ─────────────────
    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=plan-voyage]').click()
    await chooseMany(page, planPanel.locator('[data-test=plan-ships]'), ['Santa Lucia — in San Cristóbal', 'Sea Dog — in San Cristóbal'])
    await pick(page, planPanel.locator('[data-test=plan-stop-1]'), 'La Bu', 'La Bucca')
    await planPanel.locator('[data-test=plan-add-stop]').click()
    await pick(page, planPanel.locator('[data-test=plan-stop-2]'), 'Puerto', 'Puerto Dorado')
    const result = planPanel.locator('[data-test=plan-result]')
    await result.waitFor()
    await expect.poll(() => planPanel.locator('[data-test=set-sail]').isDisabled()).toBe(false)
    // The speed breakdown: each ship's terms, the squadron at the Santa Lucia's pace.
    const lucia = result.locator('[data-ship="Santa Lucia"] [data-test=breakdown]')
    const dog = result.locator('[data-ship="Sea Dog"] [data-test=breakdown]')
    await expect(lucia.textContent()).resolves.toContain('Merchantman')
    await expect(dog.textContent()).resolves.toContain('Corsair')
    await expect(result.locator('[data-test=plan-speed]').textContent()).resolves.toContain('100 nm/day')
    await result.getByText('The squadron sails at its slowest ship').waitFor()
    const distance = Number((await result.locator('[data-test=plan-distance]').textContent())!.replace(/[^\d]/g, ''))
    expect(distance).toBeGreaterThan(1500)
    await planPanel.locator('[data-test=plan-passengers]').locator('input').fill('12')
    await settled(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'voyage-plan')

    // ── Set sail, the winds by hand: light breezes (a 1) ─────────────────────
    await page.locator('[data-test=dice-mode-manual]').click()
    await expect.poll(async () => (await api<{ diceMode: string }>('settings.get')).diceMode).toBe('manual')
    await planPanel.locator('[data-test=set-sail]').click()
    const windPurposes = await answerDice(page, () => [1], async () => /#\/campaign\/voyages\/\d+$/.test(page.url()))
    expect(windPurposes.some((p) => /wind/i.test(p))).toBe(true)
    await page.waitForURL(/#\/campaign\/voyages\/\d+$/)
    const voyageId = Number(/voyages\/(\d+)$/.exec(page.url())![1])
    await page.locator('[data-test=voyage-name]').waitFor()
    let v = await api<VoyageView>('voyages.get', { voyageId })
    expect(v.wind.roll).toBe(1)
    await expect(page.locator('[data-test=voyage-wind]').textContent()).resolves.toContain('−30 nm/day')

    // ── Sail: the first day's encounter check is a 10; 5k5 = 6 ──────────────
    await page.locator('[data-test=sail-on]').click()
    const card = page.locator('[data-test=encounter-card]')
    const purposes = await answerDice(
      page,
      (purpose, need) => (/encounter check/i.test(purpose) ? [10] : /encounter table/i.test(purpose) ? [1, 1, 1, 1, 2] : Array.from({ length: need }, () => 7)),
      () => card.isVisible()
    )
    await card.waitFor()
    expect(purposes[0]).toMatch(/encounter check/i)
    expect(purposes[1]).toMatch(/encounter table/i)
    await settleChart(page)
    await expect(card.locator('[data-test=encounter-label]').textContent()).resolves.toMatch(/lightly armed Montaigne Merchantman/i)
    v = await api<VoyageView>('voyages.get', { voyageId })
    expect(v.pending).toMatchObject({ kind: 'encounter', entry: 6 })
    await settled(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'voyage-encounter')

    // ── Fight: the battle board, the app's dice again ───────────────────────
    await page.locator('[data-test=dice-mode-app]').click()
    await expect.poll(async () => (await api<{ diceMode: string }>('settings.get')).diceMode).toBe('app')
    await card.locator('[data-test=choice-fight]').click()
    await page.waitForURL(/#\/campaign\/battles\/\d+/)
    const battleId = Number(/battles\/(\d+)/.exec(page.url())![1])
    await page.locator('[data-test=battle-name]').waitFor()
    await page.locator('[data-test=resolve-turn]').click()
    await page.locator('[data-test=battle-turn]').getByText('Turn 2').waitFor({ timeout: 20_000 })
    const board = page.locator('[data-test=battle-board]')
    await page.locator('[data-test=skip-animation]').click().catch(() => undefined)
    await expect.poll(() => board.getAttribute('data-animating')).toBe('no')
    await shot(page, 'voyage-battle')
    await page.locator('[data-test=open-review]').click()
    const review = page.locator('[data-test=review-dialog]')
    await review.locator('[data-test=review-table]').waitFor()
    await review.locator('[data-test=conclude-go]').click()
    await page.locator('[data-test=concluded-banner]').waitFor()
    const back = page.locator('[data-test=back-to-voyage]')
    await back.waitFor()
    await shot(page, 'voyage-battle-concluded')
    await back.click()
    await page.waitForURL(new RegExp(`#/campaign/voyages/${voyageId}$`))

    // ── On to arrival (answering any further encounter or event) ─────────────
    const arrived = page.locator('[data-test=arrived]')
    const call = page.locator('[data-test=port-of-call]')
    const ev = page.locator('[data-test=event-card]')
    const sail = page.locator('[data-test=sail-on]')
    /** The page waits on the GM: she can sail on, or an encounter or an event is to be answered, or she has arrived. */
    const ready = async (): Promise<boolean> =>
      (await sail.isEnabled().catch(() => false)) || (await card.isVisible()) || (await ev.isVisible()) || (await arrived.isVisible())
    let calledAt = ''
    for (let i = 0; i < 30; i++) {
      if (await arrived.isVisible()) break
      // La Bucca lies between the first port and the last: the squadron puts in there first.
      if (!calledAt && (await call.isVisible())) {
        calledAt = (await call.textContent()) ?? ''
        await shot(page, 'voyage-port-of-call')
      }
      if (await card.isVisible()) {
        await card.locator('[data-test=choice-pass]').click()
        await expect.poll(() => card.isVisible()).toBe(false)
        continue
      }
      if (await ev.isVisible()) {
        await ev.locator('[data-test=event-resolve]').click()
        await expect.poll(() => ev.isVisible()).toBe(false)
        continue
      }
      if (await sail.isEnabled()) {
        await sail.click()
        await expect.poll(ready, { timeout: 15_000 }).toBe(true)
        await settleChart(page)
      } else await expect.poll(ready).toBe(true)
      if (i === 1) await shot(page, 'voyage-sailing')
    }
    await arrived.waitFor()
    await settleChart(page)
    expect(calledAt).toMatch(/In port at La Bucca: trade, hire or repair there, then sail on for Puerto Dorado/)
    v = await api<VoyageView>('voyages.get', { voyageId })
    expect(v.status).toBe('arrived')
    expect(v.log.filter((e) => e.kind === 'port').map((e) => e.text.slice(0, 22))).toEqual(['Put in at La Bucca aft', 'Sailed from La Bucca f'])
    expect(v.sailedNm).toBeGreaterThanOrEqual(v.distanceNm - 1)
    expect(v.log.some((e) => e.kind === 'encounter' || /encounter/i.test(e.text))).toBe(true)
    expect(v.log.some((e) => e.kind === 'battle' || /battle/i.test(e.text))).toBe(true)
    const arrival = v.log.find((e) => e.kind === 'arrival')!
    expect(arrival.text).toMatch(/ate \d+ weekly ration/)

    // Food eaten and wages of the month, as the page tells them.
    await expect(arrived.textContent()).resolves.toContain('Puerto Dorado')
    const steps = page.locator('[data-test=sail-steps]')
    await steps.waitFor()
    await expect(steps.textContent()).resolves.toMatch(/wage/i)
    await settled(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'voyage-arrived')

    // The log tells the story.
    await page.locator('.qd-tabs').getByText(/^Log \(\d+\)$/).click()
    const log = page.locator('[data-test=voyage-log]')
    await log.locator('[data-kind=arrival]').waitFor()
    await log.locator('[data-kind=start]').waitFor()
    await expect(log.textContent()).resolves.toMatch(/Merchantman/)
    await shot(page, 'voyage-log')

    // The chart with the voyage's track, for the docs.
    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=voyages-list]').getByText(v.log.length ? 'arrived' : '').first().waitFor()
    await boardSized(page, 'sea-chart')
    await settled(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'chart')
    mkdirSync(join(ROOT, 'docs', 'images'), { recursive: true })
    copyFileSync(join(SHOTS, 'chart.png'), join(ROOT, 'docs', 'images', 'chart.png'))
    expect(battleId).toBeGreaterThan(0)
  }, 240_000)
})
