import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiOk, choose, hideMessages, openPage, shot, type Browser, type Served, useHost } from './harness'

/**
 * Issue 16, point 13: commissioning asks for the port where she is built (seed 003, I. Of Ship
 * Construction, 1: "Ships may be constructed in any major port … in a colonial port, add one month"),
 * and she launches there.
 */

let host: Served | undefined
let b: Browser | undefined
// The host and browser of each test close after it.
const qd = useHost()

interface Ship {
  id: number
  name: string
  status: string
}

describe('where she is built (issue 16, point 13)', () => {
  it('seed 003 I.1 Of Ship Construction: the yard is a major port, a colonial one adds the month, and she launches there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-e2e-yard-'))
    host = await qd.serve(['--campaign', join(dir, 'Yards.quarterdeck'), '--create'])
    const anne = await apiOk<{ ownerId: number }>(host, 'people.create', { name: 'Anne Bonny', kind: 'pc' })
    await apiOk(host, 'ledger.grant', { ownerId: anne.ownerId, amount: 50_000, memo: 'Prize money' })
    await apiOk(host, 'ports.create', { name: 'San Cristóbal', nation: 'Castille', major: true })
    const royal = await apiOk<{ id: number }>(host, 'ports.create', { name: 'Port Royal', nation: 'Avalon', major: true, colonial: true })
    await apiOk(host, 'ports.create', { name: 'La Bucca', colonial: true, pirateHaven: true })

    b = await qd.browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=campaign-title]').getByText('Yards').waitFor()
    await openPage(page, 'Shipyard', 'shipyard')

    const commission = page.locator('[data-test=commission]')
    await commission.scrollIntoViewIfNeeded()
    await commission.getByLabel('Ship name').fill('Sea Wolf')
    await choose(page, commission.locator('[data-test=add-owner]'), 'Anne Bonny (character)')
    // No yard chosen yet: the panel says why she cannot be ordered.
    await commission.locator('[data-test=commission-why]').getByText('Choose the major port where she is built.').waitFor()
    expect(await commission.locator('[data-test=commission-go]').isDisabled()).toBe(true)

    // Only major ports have shipyards: La Bucca is not offered.
    await commission.locator('[data-test=ship-yard]').click()
    const options = page.locator('.n-base-select-option:visible')
    await expect.poll(() => options.allTextContents()).toEqual(['Port Royal (colonial port: one more month)', 'San Cristóbal'])
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)

    // A continental major port: the quote's months, and "Built in a colonial port" follows the port (off, locked).
    await choose(page, commission.locator('[data-test=ship-yard]'), 'San Cristóbal')
    const colonial = page.locator('[data-test=opt-colonial]')
    await expect.poll(() => colonial.getAttribute('aria-checked')).toBe('false')
    await expect.poll(() => colonial.getAttribute('class')).toContain('n-switch--disabled')
    const quoted = page.locator('[data-test=quote] [data-test=construction]')
    const months = Number(/(\d+) months?/.exec((await quoted.textContent()) ?? '')?.[1])
    expect(months).toBeGreaterThan(0)
    await commission.locator('[data-test=yard-note]').getByText(`She takes ${months} month${months === 1 ? '' : 's'} to build in San Cristóbal, and launches there.`).waitFor()

    // A colonial major port: one more month, shown in the quote and the note; the switch follows it (on).
    await choose(page, commission.locator('[data-test=ship-yard]'), 'Port Royal (colonial port: one more month)')
    await expect.poll(() => colonial.getAttribute('aria-checked')).toBe('true')
    await quoted.getByText(`${months + 1} months`).waitFor()
    await commission.locator('[data-test=yard-note]').getByText(`She takes ${months + 1} months to build in Port Royal, and launches there.`).waitFor()
    await page.locator('[data-field="colonial"]').getByText('Follows the port she is built in: Port Royal is a colonial port.').waitFor()
    await expect.poll(() => commission.locator('[data-test=commission-go]').isDisabled()).toBe(false)
    await hideMessages(page)
    await commission.scrollIntoViewIfNeeded()
    await shot(page, 'issue16-yard-commission')

    await commission.locator('[data-test=commission-go]').click()
    const toast = page.locator('[data-test=commission-toast]')
    await toast.getByText('Commissioned the Sea Wolf for', { exact: false }).waitFor()
    expect(await toast.textContent()).toContain('she launches in Port Royal on ')

    // On her launch day she is afloat in Port Royal, and the port has her.
    const ship = (await apiOk<Ship[]>(host, 'ships.list')).find((s) => s.name === 'Sea Wolf')!
    const detail = await apiOk<{ history: { text: string }[] }>(host, 'ships.get', { shipId: ship.id })
    const ordered = detail.history.map((h) => h.text).find((t) => t.startsWith('Ordered'))
    expect(ordered).toContain('Ordered at the shipyard of Port Royal')
    expect(ordered).toContain(`${months + 1} months to build`)
    const launch = await apiOk<{ launchDay: number | null }>(host, 'ships.get', { shipId: ship.id })
    expect(launch.launchDay).not.toBeNull()
    await apiOk(host, 'clock.advance', { days: launch.launchDay! })
    const port = await apiOk<{ port: { ships: { name: string }[] } }>(host, 'ports.get', { portId: royal.id })
    expect(port.port.ships.map((s) => s.name)).toEqual(['Sea Wolf'])
    await openPage(page, 'Fleet', 'fleet')
    await page.locator('[data-test=fleet-table] tr[data-ship="Sea Wolf"]').click()
    await page.locator('[data-test=ship-name]').getByText('Sea Wolf').waitFor()
    await page.locator('[data-test=ship-tabs] .n-tabs-tab[data-name="orders"]').click()
    await page.locator('[data-test=place-label]').getByText('Port Royal').waitFor()
    await hideMessages(page)
    await shot(page, 'issue16-yard-launched')
  })
})
