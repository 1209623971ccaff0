import { describe, expect, it } from 'vitest'
import { apiOk, choose, hideMessages, noHorizontalOverflow, openPage, openSample, openShip, shot, useHost } from './harness'

/** Issue 16, point 18 (a character's page, the People table at 1280 px, duplicate names, new knacks) and point 19 (what a PC officer is paid). */

const qd = useHost()

interface Person {
  id: number
  ownerId: number
  name: string
  knacks: Record<string, number>
}

describe('people (issue 16, point 18)', () => {
  it('the People table fits 1280 px with every row’s actions in view, and a name opens the character’s page: purse, ships, shares, battles, history', async () => {
    const { host, page } = await qd.start()
    await openSample(page)
    const people = await apiOk<Person[]>(host, 'people.list')
    const allende = people.find((p) => p.name === 'Allende de Zepeda')!
    // A company she founded, and a battle her ship fights.
    await apiOk(host, 'ledger.grant', { ownerId: allende.ownerId, amount: 30_000, memo: 'Credit from the Casa Zepeda' })
    const ports = await apiOk<{ id: number; name: string }[]>(host, 'ports.list')
    const portId = ports.find((p) => p.name === 'San Cristóbal')!.id
    const chartered = await apiOk<{ company: { id: number; status: string } }>(host, 'companies.charter', { name: 'Casa Zepeda Company', portId, founders: [allende.ownerId] })
    if (chartered.company.status !== 'chartered') await apiOk(host, 'companies.buyCharter', { companyId: chartered.company.id, payerId: allende.ownerId })
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const lucia = ships.find((s) => s.name === 'Santa Lucia')!.id
    await apiOk(host, 'battles.start', {
      name: 'Off Punta Roja',
      participants: [
        { shipId: lucia, side: 'Castille', crewKind: 'merchant', control: 'gm' },
        { generate: { hull: 'corsair', armament: 'light', nation: 'Vesten', name: 'Grey Gull' }, side: 'Vesten' }
      ],
      range: 'long',
      seed: 3
    })

    await openPage(page, 'People', 'people')
    const table = page.locator('[data-test=people-table]')
    await table.getByRole('row').filter({ hasText: 'Old Tom Hollis' }).waitFor()
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    for (const p of people) {
      const roll = table.getByRole('button', { name: `Roll for ${p.name}` })
      const more = table.getByRole('button', { name: `More actions for ${p.name}` })
      for (const button of [roll, more]) {
        const box = (await button.boundingBox())!
        expect(box.x + box.width, `${p.name}'s actions in view`).toBeLessThanOrEqual(1280)
      }
    }
    await hideMessages(page)
    await shot(page, 'issue16-people-1280')

    await table.locator('[data-test=person-link]').getByText('Allende de Zepeda').click()
    await page.waitForURL(new RegExp(`#/campaign/people/${allende.id}$`))
    const card = page.locator('[data-test=person-page]')
    await card.locator('[data-test=person-name]').getByText('Allende de Zepeda').waitFor()
    const balance = await apiOk<{ cash: number; shipFund: number }>(host, 'ledger.balance', { ownerId: allende.ownerId })
    await card.locator('[data-test=person-purse]').getByText(`${balance.cash.toLocaleString('en')} G`).waitFor()
    await card.locator('[data-test=person-ships]').getByRole('link', { name: 'Santa Lucia' }).waitFor()
    await card.locator('[data-test=person-ships]').getByText('60%').waitFor()
    await card.locator('[data-test=person-shares]').getByRole('link', { name: 'Casa Zepeda Company' }).waitFor()
    await card.locator('[data-test=person-shares]').getByText('founder', { exact: false }).waitFor()
    await card.locator('[data-test=person-battles]').getByRole('link', { name: 'Off Punta Roja' }).waitFor()
    await card.locator('[data-test=person-battles]').getByText('under way, turn', { exact: false }).waitFor()
    const history = card.locator('[data-test=person-history]')
    await history.getByText('Starting purse').waitFor()
    await history.getByText('Credit from the Casa Zepeda').waitFor()
    await hideMessages(page)
    await shot(page, 'issue16-character-page')

    // Her ship's link opens the ship.
    await card.locator('[data-test=person-ships]').getByRole('link', { name: 'Santa Lucia' }).click()
    await page.waitForURL(new RegExp(`#/campaign/fleet/${lucia}$`))
  })

  it('the character dialog warns of a name already taken, and a knack typed in is added to the campaign’s knacks; Accounting, the banker’s knack, is there', async () => {
    const { host, page } = await qd.start()
    await openSample(page)
    await openPage(page, 'People', 'people')
    await page.locator('[data-test=new-character]').click()
    const dialog = page.locator('[data-test=person-dialog]')
    await dialog.getByLabel('Character name').fill('marcel du sable')
    await dialog.locator('[data-test=duplicate-name]').getByText('There is already a character called Marcel du Sable.').waitFor()
    await shot(page, 'issue16-duplicate-name')
    await dialog.getByLabel('Character name').fill('Bonnie Marsh')
    await dialog.locator('[data-test=duplicate-name]').waitFor({ state: 'detached' })

    // Accounting (the knack a company's banker needs) is in the list.
    await dialog.getByLabel('Add a knack').click()
    await page.keyboard.type('Account')
    await page.locator('.n-base-select-option:visible').getByText('Accounting', { exact: true }).click()
    await dialog.getByLabel('Accounting rank').waitFor()
    // A knack of the GM's own: typed in, marked new, added to the table on saving.
    await dialog.getByLabel('Add a knack').click()
    await page.keyboard.type('Sailmaking')
    await page.keyboard.press('Enter')
    await dialog.getByLabel('Sailmaking rank').fill('3')
    await dialog.locator('[data-test=custom-knack-note]').getByText('New to this campaign: Sailmaking.').waitFor()
    await shot(page, 'issue16-custom-knack')
    await dialog.locator('[data-test=person-save]').click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(async () => (await apiOk<Person[]>(host, 'people.list')).find((p) => p.name === 'Bonnie Marsh')?.knacks).toEqual({ Accounting: 1, Sailmaking: 3 })
    const knacks = (await apiOk<{ value: string[] }>(host, 'rules.get', { table: 'knacks' })).value
    expect(knacks).toContain('Sailmaking')
    expect(knacks).toContain('Accounting')
    await page.locator('.n-message').getByText('Added “Sailmaking” to this campaign’s knacks.').waitFor()
  })
})

describe('signing on (issue 16, point 19)', () => {
  it('the sign-on dialog says a player character captain is paid nothing unless a wage is typed, and an NPC the wage table’s', async () => {
    const { host, page } = await qd.start()
    await openSample(page)
    await apiOk(host, 'people.create', { name: 'Anne Bonny', kind: 'pc' })
    await apiOk(host, 'people.create', { name: 'Jack Rackham', kind: 'npc' })
    await openShip(page, 'Sea Dog', 'Crew')
    await page.locator('[data-test=crew-tab] [data-test=crew-hire]').click()
    const hire = page.locator('[data-test=hire-dialog]')
    await hire.getByLabel('Sailors to sign on').fill('0')
    await hire.locator('[data-test=hire-add-officer]').click()
    await choose(page, hire.locator('[data-test=hire-person]'), 'Anne Bonny (player character)')
    await choose(page, hire.locator('[data-test=hire-role]'), 'Captain')
    const paid = hire.locator('[data-test=hire-paid]')
    await paid.getByText('Anne Bonny is a player character: paid nothing a month unless you type a wage (the wage table gives a captain 60 G).').waitFor()
    expect(await hire.getByLabel('Officer 1: wage a month').getAttribute('placeholder')).toBe('0 a month')
    await hire.locator('[data-test=hire-add-officer]').click()
    await choose(page, hire.locator('[data-test=hire-person]').nth(1), 'Jack Rackham (NPC)')
    await choose(page, hire.locator('[data-test=hire-role]').nth(1), 'Boatswain')
    await paid.nth(1).getByText('Jack Rackham will be paid 20 G a month, the wage table’s for a boatswain.').waitFor()
    // A wage typed wrong is refused at the field.
    const wage = hire.getByLabel('Officer 2: wage a month')
    await wage.fill('-5')
    await hire.getByText('Must be at least 0.').waitFor()
    expect(await hire.locator('[data-test=hire-go]').isDisabled()).toBe(true)
    await wage.fill('')
    await hire.locator('[data-test=hire-house-rule]').click()
    await hideMessages(page)
    await shot(page, 'issue16-sign-on-pay')
    await hire.locator('[data-test=hire-go]').click()
    await hire.waitFor({ state: 'hidden' })
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const roster = await apiOk<{ officers: { name: string; wage: number }[] }>(host, 'crew.get', { shipId: ships.find((s) => s.name === 'Sea Dog')!.id })
    expect(roster.officers.find((o) => o.name === 'Anne Bonny')?.wage).toBe(0)
    expect(roster.officers.find((o) => o.name === 'Jack Rackham')?.wage).toBe(20)
  })
})
