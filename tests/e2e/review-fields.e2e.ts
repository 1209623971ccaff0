import { describe, expect, it } from 'vitest'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { apiOk, hideMessages, noHorizontalOverflow, ROOT, useHost } from './harness'

/**
 * Issue 16, points 5 and 10, in the battle review: every number is kept as typed with its limit at the field
 * (no silent 0 for "12abc" or for −3), a captured prize's careening clock starts on the day the GM gives
 * (by default the day of capture, shown as a campaign date), and the review table fits a 1280 px window:
 * no column or button hidden off to the side.
 */

const qd = useHost()

interface Review {
  lines: { name: string; shipId: number | null; fate: string; hullDamage: number; careenedDay?: number }[]
}

describe('the battle review fields (issue 16, points 5 and 10)', () => {
  it('keeps typed values with the limit at the field, sets a prize’s careening day as a campaign date, and fits 1280 px', async () => {
    const host = await qd.serve()
    const { page } = await qd.browser({ width: 1280, height: 800 })
    await page.goto(host.url)
    await page.locator('[data-test=open-sample]').click()
    await page.locator('[data-test=campaign-title]').waitFor()
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    const { battleId } = await apiOk<{ battleId: number }>(host, 'battles.start', {
      participants: [
        { shipId: seaDog, side: 'Tortuga', control: 'gm' },
        { generate: { hull: 'merchantman', armament: 'light', name: 'Prudence' }, side: 'Montaigne', control: 'gm' }
      ],
      range: 'long',
      seed: 77
    })
    await apiOk(host, 'battles.orders', { battleId, participantId: 'gen-1', orders: { tactic: 'circle', strike: true } })
    await apiOk(host, 'battles.resolveTurn', { battleId })
    const review = await apiOk<Review>(host, 'battles.review', { battleId })
    const now = await apiOk<{ day: number; label: string }>(host, 'clock.now')
    const dogLine = review.lines.find((l) => l.shipId === seaDog)!
    expect(review.lines.find((l) => l.name === 'Prudence')).toMatchObject({ fate: 'captured', careenedDay: now.day })

    await page.goto(`${host.origin}/#/campaign/battles/${battleId}`)
    await page.locator('[data-test=open-review]').click()
    const dialog = page.locator('[data-test=review-dialog]')
    const dog = dialog.locator('[data-line="Sea Dog"]')
    const prudence = dialog.locator('[data-line="Prudence"]')
    await prudence.waitFor()
    const go = dialog.locator('[data-test=conclude-go]')

    // The table fits: nothing scrolls sideways, the last column and the buttons are inside the window.
    const body = dialog.locator('.n-data-table-base-table-body').first()
    await expect.poll(() => body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    const lastHeader = dialog.locator('th').filter({ hasText: 'careening' }).first()
    const edge = async (l: typeof go) => {
      const box = await l.boundingBox()
      return box ? box.x + box.width : Infinity
    }
    expect(await edge(lastHeader)).toBeLessThanOrEqual(1280)
    expect(await edge(go)).toBeLessThanOrEqual(1280)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)

    // "12abc" is kept as typed, named at the field; Conclude refuses. Before, it became 12 (or 0) silently.
    const hull = dog.getByLabel('Hull damage, Sea Dog')
    await hull.fill('12abc')
    await dog.getByText('“12abc” is not a whole number.').waitFor()
    expect(await hull.inputValue()).toBe('12abc')
    expect(await go.isDisabled()).toBe(true)
    // −3: the limit at the field.
    await hull.fill('-3')
    await dog.getByText('Must be at least 0.').waitFor()
    expect(await go.isDisabled()).toBe(true)
    // Emptied: a number is asked for, not a silent 0.
    await hull.fill('')
    await dog.locator('[data-problem=empty]').waitFor()
    expect(await go.isDisabled()).toBe(true)
    await hull.fill(String(dogLine.hullDamage))
    await expect.poll(() => dog.locator('[data-test=field-problem], [data-problem]').count()).toBe(0)
    // The guns lost are NumberFields too.
    const gunsP = dog.getByLabel('Guns lost, Port, Sea Dog')
    await gunsP.fill('2x')
    await dog.getByText('“2x” is not a whole number.').waitFor()
    expect(await go.isDisabled()).toBe(true)
    await gunsP.fill('0')

    // The prize's careening day: 0 days before, the day of capture, as a campaign date.
    const careened = prudence.getByLabel('Careened, days before the capture, Prudence')
    expect(await careened.inputValue()).toBe('0')
    await expect.poll(() => prudence.locator('[data-test=careened-date]').textContent()).toBe(`Her careening clock starts on ${now.label}, the day of capture.`)
    // More days than the campaign has: the limit at the field.
    await careened.fill(String(now.day + 1))
    await prudence.getByText(`Must be at most ${now.day.toLocaleString('en')}.`).waitFor()
    expect(await go.isDisabled()).toBe(true)
    await careened.fill('30')
    await expect.poll(() => prudence.locator('[data-test=careened-date]').textContent()).toContain('30 days before the capture')
    await expect.poll(() => go.isDisabled()).toBe(false)
    await hideMessages(page)
    mkdirSync(join(ROOT, 'docs', 'images', 'issue16'), { recursive: true })
    await page.screenshot({ path: join(ROOT, 'docs', 'images', 'issue16', 'point10-review-careening-1280.png') })

    await go.click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await apiOk<{ status: string }>(host, 'battles.state', { battleId })).status).toBe('concluded')
    const prize = (await apiOk<{ id: number; name: string }[]>(host, 'ships.list')).find((s) => s.name === 'Prudence')!.id
    const cond = await apiOk<{ careening: { lastDay: number } }>(host, 'ships.condition', { shipId: prize })
    expect(cond.careening.lastDay).toBe(now.day - 30)
  })
})
