import { describe, expect, it } from 'vitest'
import { apiOk, choose, chooseMany, openPage, openSample, openShip, shot, useHost } from './harness'

/** Issue 16, point 5: what the GM types is never changed silently; the limit is shown at the field and nothing is sent. */

const qd = useHost()

interface Owner {
  id: number
  name: string
  money: { cash: number }
}
interface Company {
  id: number
  sharePrice: number
}

describe('typed values are kept as typed (issue 16, point 5)', () => {
  it('a grant of −500 or "12abc" and a trait of 9 are refused at the field, unchanged; Remove money takes money out explicitly', async () => {
    const { host, page } = await qd.start({ campaign: 'Typed' })
    const anne = await apiOk<{ ownerId: number }>(host, 'people.create', { name: 'Anne Bonny', kind: 'pc' })

    // A trait of 9: the field keeps 9, says the limit, and the dialog will not save.
    await openPage(page, 'People', 'people')
    await page.locator('[data-test=new-character]').click()
    const dialog = page.locator('[data-test=person-dialog]')
    await dialog.getByLabel('Character name').fill('Calico Jack')
    const brawn = dialog.getByRole('textbox', { name: 'Brawn', exact: true })
    await brawn.fill('9')
    await brawn.blur()
    await dialog.getByText('Must be at most 6.').waitFor()
    expect(await brawn.inputValue()).toBe('9')
    expect(await dialog.locator('[data-test=person-save]').isDisabled()).toBe(true)
    await shot(page, 'issue16-trait-limit')
    await brawn.fill('4')
    await expect.poll(() => dialog.locator('[data-test=field-problem]').count()).toBe(0)
    await dialog.locator('[data-test=person-save]').click()
    await dialog.waitFor({ state: 'detached' })
    await expect
      .poll(async () => (await apiOk<{ name: string; traits: { Brawn: number } }[]>(host, 'people.list')).find((p) => p.name === 'Calico Jack')?.traits.Brawn)
      .toBe(4)

    // A grant of −500: refused at the field with the way to take money away; "12abc" is not a number.
    await openPage(page, 'Ledger', 'ledger')
    const money = page.locator('[data-test=money-card]')
    await choose(page, money.locator('[data-test=grant-to]'), 'Anne Bonny')
    await money.getByLabel('Grant memo').fill('Prize money')
    const amount = money.getByLabel('Grant amount')
    await amount.fill('-500')
    await amount.blur()
    await money.getByText('Must be at least 1 G. To take money away, choose Remove money above.').waitFor()
    expect(await amount.inputValue()).toBe('-500')
    expect(await money.locator('[data-test=grant-go]').isDisabled()).toBe(true)
    await shot(page, 'issue16-grant-negative')
    await amount.fill('12abc')
    await amount.blur()
    await money.getByText('“12abc” is not a whole number.').waitFor()
    expect(await amount.inputValue()).toBe('12abc')
    expect(await money.locator('[data-test=grant-go]').isDisabled()).toBe(true)
    expect((await apiOk<{ total: number }>(host, 'ledger.history', {})).total).toBe(0)

    await amount.fill('750')
    await money.locator('[data-test=grant-go]').click()
    await expect.poll(async () => (await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: anne.ownerId })).cash).toBe(750)

    // Remove money: an explicit payment to the outside world.
    await money.locator('[data-test=grant-remove]').click()
    await money.getByText('Anne Bonny has 750 G cash').waitFor()
    await money.getByLabel('Grant memo').fill('Fined by the harbourmaster')
    await amount.fill('200')
    await money.locator('[data-test=grant-go]').getByText('Remove').waitFor()
    await shot(page, 'issue16-remove-money')
    await money.locator('[data-test=grant-go]').click()
    await expect.poll(async () => (await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: anne.ownerId })).cash).toBe(550)
    await page.locator('.n-message').getByText('Took 200 G from Anne Bonny out of the campaign.').waitFor()
  })

  it('a share price of 5000 stays 5000 with the limit shown, and is not set', async () => {
    const { host, page } = await qd.start()
    await openSample(page)
    const owners = await apiOk<Owner[]>(host, 'owners.list')
    const allende = owners.find((o) => o.name === 'Allende de Zepeda')!
    await apiOk(host, 'ledger.grant', { ownerId: allende.id, amount: 30_000, memo: 'Credit' })
    const ports = await apiOk<{ id: number; name: string }[]>(host, 'ports.list')
    const portId = ports.find((p) => p.name === 'San Cristóbal')!.id
    const chartered = await apiOk<{ company: Company & { status: string } }>(host, 'companies.charter', { name: 'Casa Zepeda Company', portId, founders: [allende.id] })
    const companyId = chartered.company.id
    if (chartered.company.status !== 'chartered') await apiOk(host, 'companies.buyCharter', { companyId, payerId: allende.id })
    const before = (await apiOk<Company>(host, 'companies.get', { companyId })).sharePrice

    await page.goto(`${host.origin}/#/campaign/companies/${companyId}`)
    const field = page.locator('[data-test=price-input] input')
    await field.fill('5000')
    await field.blur()
    await page.locator('[data-test=share-price]').getByText('Must be at most 1,000 G.').waitFor()
    expect(await field.inputValue()).toBe('5000')
    expect(await page.locator('[data-test=price-set]').isDisabled()).toBe(true)
    await shot(page, 'issue16-share-price-limit')
    expect((await apiOk<Company>(host, 'companies.get', { companyId })).sharePrice).toBe(before)
  })

  it('days to advance, a rule table’s number, raises, hero points and hands to pay off: refused at the field as typed, nothing sent', async () => {
    const { host, page } = await qd.start()
    await openSample(page)
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    const day = (await apiOk<{ day: number }>(host, 'clock.now')).day
    const writes = (await apiOk<{ entries: unknown[] }>(host, 'history.list', { limit: 100 })).entries.length

    // The clock's days: 0 and "3x" are kept, refused, and the clock stays.
    const days = page.getByLabel('Days to advance')
    await days.fill('0')
    await days.blur()
    const clock = page.locator('.qd-clock-custom')
    await clock.getByText('Must be at least 1.').waitFor()
    expect(await days.inputValue()).toBe('0')
    expect(await page.locator('[data-test=advance-custom]').isDisabled()).toBe(true)
    await days.fill('3x')
    await clock.getByText('“3x” is not a whole number.').waitFor()
    expect(await days.inputValue()).toBe('3x')
    expect(await page.locator('[data-test=advance-custom]').isDisabled()).toBe(true)
    await shot(page, 'issue16-days-typed')

    // A rule table's number: "12abc" is not a number; Save waits.
    await openPage(page, 'Rules', 'rules')
    await page.locator('[data-test=rule-heroPoints]').click()
    const gpp = page.getByLabel('Guilders per point')
    await gpp.fill('12abc')
    await page.locator('.qd-rule-edit').getByText('“12abc” is not a number.').waitFor()
    expect(await gpp.inputValue()).toBe('12abc')
    expect(await page.locator('[data-test=rule-save]').isDisabled()).toBe(true)
    await shot(page, 'issue16-rule-number-typed')
    await page.getByRole('button', { name: 'Discard changes' }).click()

    // Raises beyond 20 and hero points beyond what is left.
    await openPage(page, 'People', 'people')
    await page.getByRole('button', { name: 'Roll for Marcel du Sable' }).click()
    const roll = page.locator('[data-test=roll-dialog]')
    const raises = roll.getByLabel('Raises')
    await raises.fill('21')
    await roll.getByText('Must be at most 20.').waitFor()
    expect(await raises.inputValue()).toBe('21')
    expect(await roll.locator('[data-test=roll-go]').isDisabled()).toBe(true)
    await roll.getByRole('button', { name: 'Close', exact: true }).click()
    await roll.waitFor({ state: 'detached' })
    const allende = page.locator('[data-test=people-table]').getByRole('row').filter({ hasText: 'Allende de Zepeda' })
    await allende.getByRole('button', { name: 'More actions for Allende de Zepeda' }).click()
    await page.locator('.n-dropdown-option:visible').getByText('Hero points → ship fund…').click()
    const hero = page.locator('[data-test=hero-dialog]')
    const points = hero.getByLabel('Hero points to spend')
    await points.fill('99')
    await hero.getByText('Must be at most 10.').waitFor()
    expect(await points.inputValue()).toBe('99')
    expect(await hero.locator('[data-test=hero-go]').isDisabled()).toBe(true)
    await hero.getByRole('button', { name: 'Cancel' }).click()
    await hero.waitFor({ state: 'detached' })

    // More sailors to pay off than are aboard.
    const roster = await apiOk<{ sailors: number }>(host, 'crew.get', { shipId: seaDog })
    await openShip(page, 'Sea Dog', 'Crew')
    await page.locator('[data-test=crew-tab] [data-test=crew-discharge]').click()
    const off = page.locator('[data-test=discharge-dialog]')
    const sailors = off.getByLabel('Sailors to pay off')
    await sailors.fill(String(roster.sailors + 20))
    await off.getByText(`Must be at most ${roster.sailors}.`).waitFor()
    expect(await sailors.inputValue()).toBe(String(roster.sailors + 20))
    expect(await off.locator('[data-test=discharge-go]').isDisabled()).toBe(true)
    await shot(page, 'issue16-pay-off-typed')

    // Nothing was written.
    expect((await apiOk<{ day: number }>(host, 'clock.now')).day).toBe(day)
    expect((await apiOk<{ entries: unknown[] }>(host, 'history.list', { limit: 100 })).entries.length).toBe(writes)
  })

  it('a gun count in the Shipyard, a seed and marines in a skirmish, passengers and a fare on a voyage plan: beyond the limit, kept as typed, shown at the field, nothing sent', async () => {
    const { host, page } = await qd.start()
    await openSample(page)
    const writes = (await apiOk<{ entries: unknown[] }>(host, 'history.list', { limit: 100 })).entries.length

    // The Shipyard: 1000 guns on the port broadside stays 1000, the limit is at the field, and the ship
    // cannot be commissioned (the quote keeps the last good number).
    await openPage(page, 'Shipyard', 'shipyard')
    const port = page.getByRole('textbox', { name: 'Port broadside', exact: true })
    await port.fill('1000')
    await port.blur()
    const portRow = page.locator('[data-field="guns.port"]')
    await portRow.getByText('Must be at most 999.').waitFor()
    expect(await port.inputValue()).toBe('1000')
    await page.getByLabel('Ship name').fill('Swan')
    await page.locator('[data-test=commission-why]').getByText('A number in the design is empty or beyond its limit (shown at the field).').waitFor()
    expect(await page.locator('[data-test=commission-go]').isDisabled()).toBe(true)
    await portRow.scrollIntoViewIfNeeded()
    await shot(page, 'issue16-shipyard-guns-limit')

    // A skirmish: a seed of −1 is refused at the field and the battle will not start; 10000 marines
    // are refused in the Add dialog and Add waits.
    await openPage(page, 'Battles', 'battles')
    await page.locator('[data-test=new-skirmish]').click()
    await page.waitForURL(/#\/campaign\/battles\/new$/)
    const seed = page.getByRole('textbox', { name: 'Seed', exact: true })
    await seed.fill('-1')
    await seed.blur()
    await page.locator('[data-test=battle-seed]').getByText('Must be at least 0.').waitFor()
    expect(await seed.inputValue()).toBe('-1')
    const ours = page.locator('[data-side="Our side"]')
    await ours.locator('[data-test=add-participant]').click()
    const modal = page.locator('[data-test=add-modal]')
    await modal.waitFor()
    await choose(page, modal.locator('[data-test=pick-ship]'), 'Sea Dog (Corsair)')
    const marines = modal.getByRole('textbox', { name: 'Marines', exact: true })
    await marines.fill('10000')
    await marines.blur()
    await modal.getByText('Must be at most 9,999.').waitFor()
    expect(await marines.inputValue()).toBe('10000')
    expect(await modal.locator('[data-test=confirm-add]').isDisabled()).toBe(true)
    await shot(page, 'issue16-skirmish-marines-limit')
    await marines.fill('2')
    await expect.poll(() => modal.locator('[data-test=confirm-add]').isDisabled()).toBe(false)
    await modal.locator('[data-test=confirm-add]').click()
    await modal.waitFor({ state: 'hidden' })
    await page.locator('[data-test=start-why]').getByText('The seed is not a whole number from 0 to 2,147,483,647 (shown at the field).').waitFor()
    expect(await page.locator('[data-test=start-battle]').isDisabled()).toBe(true)

    // A voyage plan: 10000 passengers and a fare of 2000 G are refused at the fields; the squadron does not sail.
    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=plan-voyage]').click()
    const plan = page.locator('[data-test=plan-panel]')
    await chooseMany(page, plan.locator('[data-test=plan-ships]'), ['Santa Lucia — in San Cristóbal'])
    await plan.locator('[data-test=plan-stop-1]').click()
    await page.keyboard.type('La Bu')
    await page.locator('.n-base-select-option:visible').getByText('La Bucca', { exact: true }).click()
    await plan.locator('[data-test=plan-result]').waitFor()
    await expect.poll(() => plan.locator('[data-test=set-sail]').isDisabled()).toBe(false)
    const passengers = plan.locator('[data-test=plan-passengers] input')
    await passengers.fill('10000')
    await passengers.blur()
    await plan.locator('[data-test=plan-passengers]').getByText('Must be at most 9,999.').waitFor()
    expect(await passengers.inputValue()).toBe('10000')
    expect(await plan.locator('[data-test=set-sail]').isDisabled()).toBe(true)
    await passengers.fill('12')
    const fare = plan.getByRole('textbox', { name: 'G per 40 nm', exact: true })
    await fare.fill('2000')
    await fare.blur()
    await plan.locator('[data-test=plan-fare]').getByText('Must be at most 1,000.').waitFor()
    expect(await fare.inputValue()).toBe('2000')
    expect(await plan.locator('[data-test=set-sail]').isDisabled()).toBe(true)
    await shot(page, 'issue16-plan-fare-limit')

    // Nothing was written.
    expect((await apiOk<{ entries: unknown[] }>(host, 'history.list', { limit: 100 })).entries.length).toBe(writes)
  })
})
