import { describe, expect, it } from 'vitest'
import { apiOk, choose, openPage, openSample, shot, useHost } from './harness'

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
})
