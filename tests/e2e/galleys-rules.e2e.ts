import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { browser, choose, serve, shot, type Browser, type Served } from './harness'

/** The Galleys & Galleons rule tables (seed 000, issue 19) on the Rules page: listed with their sources in words, editable. */

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

describe('Galleys & Galleons rule tables on the Rules page', () => {
  it('seed 000: the five tables are listed, the weather table shows the seed’s values with its source in words, the table’s defaults say house default', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-e2e-galleys-'))
    host = await serve(['--campaign', join(dir, 'Scilly.quarterdeck'), '--create'])
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=campaign-title]').getByText('Scilly').waitFor()
    await page.getByRole('navigation', { name: 'Campaign pages' }).getByRole('link', { name: 'Rules', exact: true }).click()
    for (const key of ['galleysTable', 'galleysWeather', 'galleysCriticals', 'galleysFire', 'galleysCollisions']) await page.locator(`[data-test=rule-${key}]`).waitFor()
    await expect(page.locator('[data-test=rule-galleysTable]').textContent()).resolves.toContain('house default')
    // Over fifty tables: a word of a table's name or source finds it; a word none has says so; cleared, all are back.
    const list = page.getByRole('navigation', { name: 'Rule tables' })
    const all = await list.locator('.qd-rule-item').count()
    expect(all).toBeGreaterThan(50)
    const find = list.getByRole('textbox', { name: 'Find a rule table' })
    await find.fill('weather change')
    await expect.poll(() => list.locator('.qd-rule-item').count()).toBeLessThan(all)
    const titles = await list.locator('.qd-rule-title').allTextContents()
    expect(titles).toContain('Galleys & Galleons weather change')
    for (const row of await list.locator('.qd-rule-item').allTextContents()) expect(row.toLowerCase()).toContain('weather change')
    await find.fill('kraken')
    await list.getByText('No table’s name, source or note has “kraken” in it.').waitFor()
    expect(await list.locator('.qd-rule-item').count()).toBe(0)
    await find.fill('')
    await expect.poll(() => list.locator('.qd-rule-item').count()).toBe(all)
    await page.locator('[data-test=rule-galleysWeather]').click()
    const detail = page.locator('[data-test=rule-detail]')
    await detail.getByText('Galleys & Galleons weather change').waitFor()
    const text = (await detail.textContent()) ?? ''
    expect(text).toContain('Galleys & Galleons house rules, Weather Change')
    expect(text).not.toMatch(/[Ss]eed 000/)
    // The direction die's rows in the GM's words: the wind backs (anticlockwise) or veers (clockwise), with the marker it places.
    const direction = detail.locator('tr', { hasText: 'Direction' }).first()
    await direction.getByText('1: backs (anticlockwise), Back −1 marker; 2: backs (anticlockwise);', { exact: false }).first().waitFor()
    expect((await direction.textContent()) ?? '').toContain('6: veers (clockwise), Veer +1 marker')
    expect(text).not.toContain('anticlockwise back')
    await detail.scrollIntoViewIfNeeded()
    await shot(page, 'galleys-rules-weather')
    // Editing the direction die: each face's turn and marker picked in words, not typed as codes.
    const editor = page.getByRole('group', { name: 'Direction' })
    await editor.scrollIntoViewIfNeeded()
    const face = (n: number, col: string) => editor.locator(`[aria-label="Direction ${n} ${col}"]`)
    await face(1, 'Turn').getByText('Backs (anticlockwise)').waitFor()
    await face(1, 'Marker').getByText('Back −1 marker').waitFor()
    await face(2, 'Marker').getByText('No marker').waitFor()
    await face(6, 'Turn').getByText('Veers (clockwise)').waitFor()
    await face(6, 'Marker').getByText('Veer +1 marker').waitFor()
    expect((await editor.textContent()) ?? '').not.toMatch(/\banticlockwise\b(?!\))|\bveer\b|\bback\b/)
    await shot(page, 'galleys-rules-weather-edit')
    // A face changed in words is saved as the rule's own value, and the entries table says so in words.
    await choose(page, face(2, 'Marker'), 'Steady marker')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await direction.getByText('2: backs (anticlockwise), Steady marker;', { exact: false }).first().waitFor()
    await direction.locator('[data-test=differs]').waitFor()
    await page.locator('[data-test=rule-galleysCriticals]').click()
    await detail.getByText('Galleys & Galleons critical hits').waitFor()
    await detail.scrollIntoViewIfNeeded()
    await shot(page, 'galleys-rules-criticals')
  }, 120_000)
})
