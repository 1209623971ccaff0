import { describe, expect, it } from 'vitest'
import { apiOk, choose, shot, type Browser, type Served, useHost } from './harness'

/**
 * Issue 16, point 4: "Conclude the battle" checks every line against the ship, with the limits the
 * engine knows — hull damage beyond her Hull points, a ship with no hull left kept afloat, crew beyond
 * those aboard — shows each problem at its field, and refuses to conclude; the command refuses too.
 */

let host: Served | undefined
let b: Browser | undefined
// The host and browser of each test close after it.
const qd = useHost()

interface Review {
  lines: { participantId: string; name: string; shipId: number | null; hullDamage: number; crewAfter: number; fate: string }[]
}

describe('the battle review (issue 16, point 4)', () => {
  it('shows impossible numbers at their fields and will not conclude until they are put right', async () => {
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
        { generate: { hull: 'merchantman', armament: 'light', name: 'Prudence' }, side: 'Montaigne' }
      ],
      range: 'far',
      seed: 5
    })
    const v = await apiOk<{ setup: { participants: { shipId?: number; hullPoints: number; crew: number }[] } }>(host, 'battles.state', { battleId })
    const dog = v.setup.participants.find((p) => p.shipId === seaDog)!

    // The command refuses an impossible line, naming the field, and writes nothing.
    const review = await apiOk<Review>(host, 'battles.review', { battleId })
    const i = review.lines.findIndex((l) => l.shipId === seaDog)
    const bad = review.lines.map((l, k) => (k === i ? { ...l, hullDamage: dog.hullPoints } : l))
    const refused = await host.api<{ error: { code: string; message: string; details: { field: string } } }>('battles.conclude', { battleId, lines: bad })
    expect(refused.status).toBe(400)
    expect(refused.body.error.details.field).toBe(`lines.${i}.fate`)
    expect(refused.body.error.message).toContain('she is sunk, not afloat')
    expect((await apiOk<{ status: string }>(host, 'battles.state', { battleId })).status).not.toBe('concluded')

    await page.goto(`${host.origin}/#/campaign/battles/${battleId}`)
    await page.locator('[data-test=open-review]').click()
    const dialog = page.locator('[data-test=review-dialog]')
    const row = dialog.locator('[data-line="Sea Dog"]')
    await row.waitFor()

    // Hull damage beyond her Hull points: the limit at the field.
    const hull = row.getByLabel('Hull damage, Sea Dog')
    await hull.fill(String(dog.hullPoints + 10))
    await hull.press('Tab')
    await row.locator('[data-problem=hullDamage]').getByText(`At most ${dog.hullPoints}: her Hull points`, { exact: false }).waitFor()
    // All her Hull points with fate Afloat: the fate is the field at fault.
    await hull.fill(String(dog.hullPoints))
    await hull.press('Tab')
    await row.locator('[data-problem=fate]').getByText('she is sunk, not afloat', { exact: false }).waitFor()
    // More crew than were aboard.
    const crew = row.getByLabel('Crew after, Sea Dog')
    await crew.fill(String(dog.crew + 50))
    await crew.press('Tab')
    await row.locator('[data-problem=crewAfter]').getByText(`At most ${dog.crew}`, { exact: false }).waitFor()
    await expect(dialog.locator('[data-test=conclude-go]').isDisabled()).resolves.toBe(true)
    await shot(page, 'issue16-review-problems')

    // Put right: she sank; the crew as the battle left it. Concluding goes through.
    await choose(page, row.getByLabel('Fate of Sea Dog'), 'Sunk')
    await crew.fill(String(review.lines[i]!.crewAfter))
    await crew.press('Tab')
    await expect.poll(() => dialog.locator('[data-problem]').count()).toBe(0)
    await dialog.locator('[data-test=conclude-go]').click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await apiOk<{ status: string }>(host, 'battles.state', { battleId })).status).toBe('concluded')
  })
})
