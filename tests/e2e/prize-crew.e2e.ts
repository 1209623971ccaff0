import { describe, expect, it } from 'vitest'
import { apiOk, shot, type Browser, type Served, useHost } from './harness'

/**
 * Issue 16, point 10: the battle review asks for each captured ship's prize crew — hands moved from her
 * captor, at least her minimum sail crew, at most what the captor has — shows a wrong number at the field,
 * and moves the crew when the battle is concluded.
 */

let host: Served | undefined
let b: Browser | undefined
const qd = useHost()

interface Review {
  lines: { participantId: string; name: string; shipId: number | null; fate: string; crewAfter: number; prizeCrew?: number; prizeCrewMin?: number; prizeCrewFrom?: number | null }[]
}

describe('the prize crew in the battle review (issue 16, point 10)', () => {
  it('asks for the prize crew from her captor, refuses too few or too many at the field, and moves the hands', async () => {
    host = await qd.serve()
    b = await qd.browser()
    const { page } = b
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
    const prudence = review.lines.find((l) => l.name === 'Prudence')!
    const dog = review.lines.find((l) => l.shipId === seaDog)!
    expect(prudence).toMatchObject({ fate: 'captured', prizeCrewFrom: seaDog, prizeCrew: 12, prizeCrewMin: 12 })

    await page.goto(`${host.origin}/#/campaign/battles/${battleId}`)
    await page.locator('[data-test=open-review]').click()
    const dialog = page.locator('[data-test=review-dialog]')
    const row = dialog.locator('[data-line="Prudence"]')
    const crew = row.getByLabel('Prize crew, Prudence')
    await crew.waitFor()
    await row.getByText(`Hands moved from the Sea Dog (${dog.crewAfter} hands after the battle). At least 12, her minimum sail crew`, { exact: false }).waitFor()
    expect(await crew.inputValue()).toBe('12')

    // Too few: the limit at the field, and Conclude is refused.
    await crew.fill('5')
    await crew.press('Tab')
    await row.locator('[data-problem=prizeCrew]').getByText('At least 12 (her minimum sail crew), or 0 to leave her unmanned.').waitFor()
    // More than the Sea Dog has: the limit at the field.
    await crew.fill(String(dog.crewAfter + 1))
    await crew.press('Tab')
    await row.locator('[data-problem=prizeCrew]').getByText(`At most ${dog.crewAfter}: the ${dog.crewAfter} hands the Sea Dog has left.`).waitFor()
    expect(await crew.inputValue()).toBe(String(dog.crewAfter + 1)) // kept as typed
    await dialog.getByText('1 field cannot be written to the campaign', { exact: false }).waitFor()
    await expect(dialog.locator('[data-test=conclude-go]').isDisabled()).resolves.toBe(true)
    await shot(page, 'prize-crew-review')

    await crew.fill('20')
    await crew.press('Tab')
    await row.locator('[data-problem=prizeCrew]').waitFor({ state: 'detached' })
    await dialog.locator('[data-test=conclude-go]').click()
    await expect
      .poll(async () => (await apiOk<{ status: string }>(host!, 'battles.state', { battleId })).status)
      .toBe('concluded')
    const after = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const prize = after.find((s) => s.name === 'Prudence')!.id
    expect((await apiOk<{ hands: number }>(host, 'crew.get', { shipId: prize })).hands).toBe(20)
    expect((await apiOk<{ hands: number }>(host, 'crew.get', { shipId: seaDog })).hands).toBe(dog.crewAfter - 20)
  })
})
