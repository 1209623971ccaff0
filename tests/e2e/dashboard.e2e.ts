import { describe, expect, it } from 'vitest'
import { apiOk, openSample, shot, useHost } from './harness'
import { shipDesign } from '../helpers'

/** Issue 16, point 15: the Dashboard shows what is under way, and a new campaign a setup checklist that goes when done. */

const qd = useHost()

describe('the Dashboard (issue 16, point 15)', () => {
  it('a new campaign shows a setup checklist that ticks off characters, ports and a first ship, then goes', async () => {
    const { host, page } = await qd.start({ campaign: 'Maiden' })
    const list = page.locator('[data-test=setup-checklist]')
    await list.waitFor()
    expect(await list.locator('li[data-done=false]').count()).toBe(3)
    await page.locator('[data-test=under-way-quiet]').waitFor()
    await shot(page, 'issue16-dashboard-checklist')

    const anne = await apiOk<{ ownerId: number }>(host, 'people.create', { name: 'Anne Bonny', kind: 'pc' })
    await list.locator('li[data-step=people][data-done=true]').waitFor()
    await apiOk(host, 'ports.create', { name: 'Tortuga', major: true })
    await list.locator('li[data-step=ports][data-done=true]').waitFor()
    await apiOk(host, 'ledger.grant', { ownerId: anne.ownerId, amount: 100_000, memo: 'A patron' })
    await apiOk(host, 'ships.commission', { design: shipDesign('corsair'), name: 'Kestrel', owners: [{ ownerId: anne.ownerId, share: 100 }] })
    await list.waitFor({ state: 'detached' })
  })

  it('the sample campaign shows its voyage at sea and a battle under way, each linked', async () => {
    const { host, page } = await qd.start()
    await openSample(page)
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    const { battleId } = await apiOk<{ battleId: number }>(host, 'battles.start', {
      name: 'Off the Cabora reefs',
      participants: [
        { shipId: seaDog, side: 'Tortuga', crewKind: 'pirate', control: 'gm' },
        { generate: { hull: 'merchantman', armament: 'heavy', nation: 'Montaigne', name: 'Fortune' }, side: 'Montaigne' }
      ],
      range: 'long',
      seed: 7
    })
    const atSea = (await apiOk<{ id: number; name: string; status: string }[]>(host, 'voyages.list')).filter((v) => v.status === 'atSea')
    const card = page.locator('[data-test=under-way]')
    const battle = card.locator('[data-test=battles-under-way]').getByRole('link', { name: 'Off the Cabora reefs' })
    await battle.waitFor()
    if (atSea.length) await card.locator('[data-test=voyages-at-sea]').getByRole('link', { name: atSea[0]!.name }).waitFor()
    else expect(await card.locator('[data-test=voyages-at-sea]').count()).toBe(0)
    // The sample is past setting up: no checklist.
    expect(await page.locator('[data-test=setup-checklist]').count()).toBe(0)
    await shot(page, 'issue16-dashboard-under-way')
    await battle.click()
    await page.waitForURL(new RegExp(`#/campaign/battles/${battleId}$`))
  })
})
