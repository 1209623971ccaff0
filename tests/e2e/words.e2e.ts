import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiOk, openPage, openSample, openShip, shot, useHost } from './harness'
import { shipDesign } from '../helpers'

/** Issue 16, point 14: no command names, ids or internal keys in anything a GM reads; rule texts named by their titles. */

const qd = useHost()

const LEAKS: [string, RegExp][] = [
  ['a command name', /\b(app|campaigns?|backups|history|settings|clock|reminders|people|owners|ledger|dice|rules|ports|ships|crew|upkeep|highseas|battles|chart|drama|voyages|market|trade|companies|booty|ventures)\.[a-z][A-Za-z]+\b(?!\.)/],
  ['a file number for a rule text', /\b[Ss]eed 00\d\b/],
  ['the rules guide', /rules guide|RULES\.md/],
  ['an internal key', /\bship:\d+|\bgen-\d+|gunnersMate|masterOTops|\bours side\b|\bseaLane\b|maxPerCharacter|\bvalue\.[a-z]\w+/],
  ['a template placeholder', /Please (Input|Select)|No Data/]
]

async function leaksOn(page: Page, where: string): Promise<string[]> {
  const text = await page.locator('main, .n-layout').first().innerText()
  return LEAKS.filter(([, re]) => re.test(text)).map(([what, re]) => `${where}: ${what} (“${re.exec(text)![0]}”)`)
}

describe('words a GM reads (issue 16, point 14)', () => {
  it('no page of the sample campaign shows a command name, a rule file number or an internal key', async () => {
    const { host, page } = await qd.start()
    await openSample(page)
    // A ship on the stocks gives the Dashboard a reminder set by the shipyard.
    const owners = await apiOk<{ id: number; name: string; kind: string }[]>(host, 'owners.list')
    const payer = owners.find((o) => o.kind === 'character')!
    await apiOk(host, 'ledger.grant', { ownerId: payer.id, amount: 100_000, memo: 'For a new ship' })
    await apiOk(host, 'ships.commission', { design: shipDesign('corsair'), name: 'Kestrel', owners: [{ ownerId: payer.id, share: 100 }] })
    await openPage(page, 'Dashboard', 'dashboard')
    await page.locator('[data-test=reminders] li').filter({ hasText: 'The Kestrel is launched' }).waitFor()

    const found: string[] = []
    // Each page with something that shows its data has arrived.
    const pages: [string, string, string][] = [
      ['Dashboard', 'dashboard', '[data-test=reminders] li'],
      ['People', 'people', '[data-test=people-table] tbody tr'],
      ['Fleet', 'fleet', '[data-test=fleet-table] tr[data-ship]'],
      ['Battles', 'battles', '[data-test=battles-active], [data-test=battles-concluded], [data-test=battles-empty]'],
      ['Shipyard', 'shipyard', '[data-test=build-card]'],
      ['Ports', 'ports', '[data-test=ports-table] tbody tr'],
      ['Chart', 'chart', '[data-test=voyages-list], [data-test=voyages-empty]'],
      ['Companies', 'companies', '[data-test=companies-table], [data-test=companies-empty]'],
      ['Ledger', 'ledger', '[data-test=accounts] tr[data-owner]'],
      ['Rules', 'rules', '.qd-rule-source']
    ]
    for (const [label, path, ready] of pages) {
      await openPage(page, label, path)
      await page.locator(ready).first().waitFor()
      found.push(...(await leaksOn(page, label)))
    }
    // A ship's Crew tab: her Trained Fighters name the rule as a GM knows it.
    await openShip(page, 'Sea Dog', 'crew')
    const fighters = page.locator('[data-test=crew-fighters]')
    await fighters.waitFor()
    found.push(...(await leaksOn(page, 'Sea Dog, Crew')))
    await expect(fighters.textContent()).resolves.toContain('(High Seas Combat, V. Of Grappling and Boarding)')
    // The chart's settings in the journal: what the open sea counts as, in words.
    await apiOk(host, 'chart.configure', { defaultWater: 'seaLane' })
    for (const tab of ['changes', 'rolls', 'clock']) {
      await page.goto(`${host.origin}/#/campaign/log?tab=${tab}`)
      await page.locator(`[data-test=log-tab-${tab}]`).waitFor()
      found.push(...(await leaksOn(page, `Log, ${tab}`)))
    }
    // The Log's changes say what happened, without the command behind them.
    await page.goto(`${host.origin}/#/campaign/log?tab=changes`)
    await page.locator('.n-data-table').first().waitFor()
    await page.getByText('open sea counts as a major sea lane', { exact: false }).first().waitFor()
    found.push(...(await leaksOn(page, 'Log, changes, with the chart settings')))
    expect(await page.locator('.n-data-table th').allInnerTexts()).not.toContain('Command')
    await shot(page, 'issue16-log-without-commands')
    await openPage(page, 'Rules', 'rules')
    await page.getByText('High Seas Combat', { exact: false }).first().waitFor()
    await shot(page, 'issue16-rule-sources')
    expect(found).toEqual([])
  })
})
