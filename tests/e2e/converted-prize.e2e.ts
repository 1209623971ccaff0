import { describe, expect, it } from 'vitest'
import { apiOk, choose, hideMessages, openSample, openShip, shot, useHost } from './harness'

/**
 * Issue 21's prizes, as a GM would take one: the Sea Dog alone meets a Vendel frigate and fights her on the
 * Galleys & Galleons table. Played out by the computer, the review's campaign lines name how each ship was
 * converted; the GM keeps the Sea Dog afloat and makes the frigate captured. The frigate's line then shows
 * whose prize she is (the Sea Dog's owners, in her shares) and her prize crew from the Sea Dog: a share total
 * that is not 100% and a prize crew the Sea Dog cannot give are shown at their fields, Conclude waiting;
 * the GM shares her between two owners, 60/40, concludes, and finds the prize in the Fleet, her owners and
 * her history as the review said.
 */

const { start } = useHost()

describe('a prize taken in a converted battle (issue 21)', () => {
  it('is seen and edited in the review (owners, shares, prize crew), concluded, and found in the Fleet', async () => {
    const { host, page } = await start()
    await openSample(page)
    const ports = await apiOk<{ id: number; name: string }[]>(host, 'ports.list')
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const owners = await apiOk<{ id: number; name: string; kind: string }[]>(host, 'owners.list')
    const port = ports.find((p) => p.name === 'San Cristóbal')!.id
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    await apiOk(host, 'ships.moveTo', { shipId: seaDog, portId: port })
    const voyage = await apiOk<{ id: number }>(host, 'voyages.start', { shipIds: [seaDog], route: [port, ports.find((p) => p.name === 'La Bucca')!.id], dice: [5] })
    expect((await apiOk<{ stop: string }>(host, 'voyages.sail', { voyageId: voyage.id, dice: [10, 2, 2, 2, 2, 2] })).stop).toBe('encounter')
    // The card's choice of the table is encounter-under-galleys.e2e.ts's; here the battle is started as it starts it.
    const { battleId } = await apiOk<{ battleId: number }>(host, 'voyages.fightEncounterUnder', { voyageId: voyage.id, ruleset: 'galleys' })
    for (const side of ['ours', 'them']) await apiOk(host, 'battles.sideControl', { battleId, side, control: 'ai' })
    let over = false
    for (let n = 0; n < 400 && !over; n++) over = !!(await apiOk<{ outcome: unknown }>(host, 'battles.resolveStep', { battleId })).outcome
    expect(over).toBe(true)
    const dogOwners = (await apiOk<{ owners: { name: string; share: number }[] }>(host, 'ships.get', { shipId: seaDog })).owners

    await page.evaluate(`window.location.hash = '#/campaign/battles/${battleId}?voyage=${voyage.id}'`)
    await page.locator('[data-test=banner-conclude]').click()
    const review = page.locator('[data-test=galleys-review] [data-test=converted-review]')
    const dogLine = review.locator('tr[data-line="Sea Dog"]')
    const line = review.locator('tr[data-line="Vendel Frigate"]')
    await dogLine.waitFor()
    await choose(page, dogLine.locator('[data-test=line-fate]'), 'Afloat')
    await choose(page, line.locator('[data-test=line-fate]'), 'Captured')

    // ── Her prize row: the Sea Dog's owners in her shares, her prize crew from the Sea Dog ──
    const prize = review.locator('tr[data-prize="Vendel Frigate"]')
    await prize.locator('[data-test=prize-owner]').first().waitFor()
    expect(await prize.locator('[data-test=prize-owner]').count()).toBe(dogOwners.length)
    for (const o of dogOwners) await prize.locator('[data-test=prize-owner]').getByText(o.name).waitFor()
    await prize.locator('[data-test=prize-total]').getByText('100%').waitFor()
    const crew = prize.locator('[data-test=prize-crew-count]')
    await crew.waitFor()
    const words = await prize.locator('[data-test=prize-crew]').innerText()
    const m = /Hands moved from the Sea Dog \((\d+) hands after the battle\)\. At least (\d+), her minimum sail crew; 0 leaves her unmanned, and she cannot sail\./.exec(words)
    expect(m, words).not.toBeNull()
    const [left, min] = [Number(m![1]), Number(m![2])]
    expect(await crew.inputValue()).toBe(String(left >= min ? min : 0))
    await review.locator('[data-how="Vendel Frigate"] [data-test=line-how]').getByText('Fate: she ', { exact: false }).waitFor()

    // ── Problems at their fields; Conclude waits ──
    await crew.fill(String(left + 1))
    await crew.press('Tab')
    await prize.locator('[data-error=prizeCrew]').getByText(`At most ${left}: the ${left} hands the Sea Dog has left.`).waitFor()
    const conclude = page.locator('[data-test=galleys-review] [data-test=review-conclude]')
    expect(await conclude.isDisabled()).toBe(true)
    await crew.fill(String(min))
    await crew.press('Tab')
    await expect.poll(() => prize.locator('[data-error=prizeCrew]').count()).toBe(0)

    // Two owners, 60/40: the first's share typed 60 shows the total wrong until the second is added at 40.
    const marcel = owners.find((o) => o.name === 'Marcel du Sable')!
    const yngvild = owners.find((o) => o.name === 'Yngvild Olafsdottir')!
    while ((await prize.locator('[data-test=prize-owner]').count()) > 1) await prize.getByRole('button', { name: /^Remove prize owner 2 / }).click()
    await choose(page, prize.locator('[data-test=prize-owner-name]').first(), marcel.name)
    const share1 = prize.locator('[data-test=prize-share]').first()
    await share1.fill('60')
    await share1.press('Tab')
    await prize.locator('[data-error=prizeOwners]').getByText('The shares must add up to 100% (they add up to 60%).').waitFor()
    expect(await conclude.isDisabled()).toBe(true)
    await prize.getByRole('button', { name: '+ owner' }).click()
    await choose(page, prize.locator('[data-test=prize-owner-name]').nth(1), yngvild.name)
    await prize.locator('[data-test=prize-total]').getByText('100%').waitFor()
    expect(await prize.locator('[data-test=prize-share]').nth(1).inputValue()).toBe('40')
    await expect.poll(() => prize.locator('[data-error=prizeOwners]').count()).toBe(0)
    await hideMessages(page)
    await shot(page, 'converted-prize-review')
    const text = await review.innerText()
    expect(text).not.toMatch(/ownerId|prizeCrew|gen-1|ship-\d|undefined|null|NaN|theah|issue \d/)

    await conclude.click()
    await page.locator('[data-test=galleys-review]').waitFor({ state: 'hidden' })

    // ── The Fleet: the prize, her owners and her history ──
    const after = await apiOk<{ id: number; name: string; origin?: string }[]>(host, 'ships.list')
    const frigate = after.find((s) => s.name === 'Vendel Frigate')
    expect(frigate).toBeDefined()
    const sheet = await apiOk<{ owners: { name: string; share: number }[]; crew: number }>(host, 'ships.get', { shipId: frigate!.id })
    expect(sheet.owners.map((o) => [o.name, o.share]).sort()).toEqual([
      [marcel.name, 60],
      [yngvild.name, 40]
    ])
    await openShip(page, 'Vendel Frigate')
    await page.locator('[data-test=history]').getByText(`Taken as a prize in the `, { exact: false }).first().waitFor()
    await page.locator('[data-test=history]').getByText(`a prize crew of ${min} hands from the Sea Dog`, { exact: false }).first().waitFor()
  })
})
