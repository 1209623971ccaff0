import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiOk, chooseMany, hideMessages, openPage, shot, type Browser, type Served, useHost } from './harness'

/**
 * Issue 16, point 12: a new Théah campaign may start with the Théah chart the sample uses (or blank);
 * a map image goes under the chart, kept in the campaign file; "Fit" fits what is drawn; where open
 * sea counts as a sea lane and no route is drawn, the plan takes the direct course.
 */

let host: Served | undefined
let b: Browser | undefined
// The host and browser of each test close after it.
const qd = useHost()

interface Chart {
  ports: { name: string; x: number | null }[]
  areas: unknown[]
  routes: unknown[]
}

/** The part of the chart on screen, in chart units: [x0, y0, x1, y1]. */
async function viewBox(page: Page): Promise<number[]> {
  return ((await page.locator('[data-test=sea-chart]').getAttribute('data-view-box')) ?? '').split(' ').map(Number)
}

/** A map picture drawn in the page (a PNG of the given size, with a coast on it), as a file to choose. */
async function mapPng(page: Page, w: number, h: number): Promise<Buffer> {
  // Run in the page (a string, as the tests run in Node without the DOM's types).
  const b64 = await page.evaluate<string>(`(() => {
    const w = ${w}, h = ${h}
    const c = document.createElement('canvas')
    c.width = w
    c.height = h
    const g = c.getContext('2d')
    g.fillStyle = '#cfe0e6'
    g.fillRect(0, 0, w, h)
    g.fillStyle = '#d9c79a'
    g.beginPath()
    g.moveTo(w * 0.6, 0)
    g.bezierCurveTo(w * 0.5, h * 0.3, w * 0.75, h * 0.6, w * 0.62, h)
    g.lineTo(w, h)
    g.lineTo(w, 0)
    g.fill()
    g.strokeStyle = '#8f7a55'
    g.lineWidth = 3
    g.stroke()
    return c.toDataURL('image/png').split(',')[1]
  })()`)
  return Buffer.from(b64, 'base64')
}

describe('the chart of a new campaign (issue 16, point 12)', () => {
  it('a new Théah campaign offers the Théah chart the sample uses, or a blank one', async () => {
    host = await qd.serve()
    b = await qd.browser()
    const { page } = b
    await page.goto(host.url)
    await page.getByLabel('Campaign name').fill('Sea Dogs of Avalon')
    const choice = page.locator('[data-test=new-chart]')
    await choice.waitFor()
    await page.locator('[data-test=new-chart-note]').getByText('The chart the sample campaign uses: 12 ports of Théah and the colonies, 7 sea areas and 16 routes.', { exact: false }).waitFor()
    await shot(page, 'issue16-new-campaign-chart')
    // Atrilia has no Théah chart to offer: its own, the coasts around al-Zabdiyat (issue 18).
    await page.getByText('Atrilia — dinars').click()
    await choice.locator('[data-test=new-chart-theah]').waitFor({ state: 'detached' })
    await choice.locator('[data-test=new-chart-atrilia]').waitFor()
    await page.getByText('Théah — guilders').click()
    await choice.locator('[data-test=new-chart-theah]').waitFor()
    await page.locator('[data-test=create-campaign]').click()
    await page.locator('[data-test=campaign-title]').getByText('Sea Dogs of Avalon').waitFor()

    const chart = await apiOk<Chart>(host, 'chart.get')
    expect(chart.ports.map((p) => p.name)).toEqual(
      expect.arrayContaining(['San Cristóbal', 'La Bucca', 'Port Renard', 'Carleon', 'Kirk', 'Puerto Dorado'])
    )
    expect(chart.ports).toHaveLength(12)
    expect(chart.ports.every((p) => p.x !== null)).toBe(true)
    expect(chart.areas).toHaveLength(7)
    expect(chart.routes).toHaveLength(16)
    // The chart is part of the campaign's making: there is nothing to undo.
    expect((await apiOk<{ canUndo: boolean }>(host, 'history.list')).canUndo).toBe(false)

    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=sea-chart] canvas').first().waitFor()
    await page.locator('[data-test=edit-chart]').click()
    await page.locator('[data-test=chart-editor]').getByText('Routes (16)').waitFor()
    await hideMessages(page)
    await shot(page, 'issue16-new-campaign-theah-chart')

    // "Start blank": an empty chart. The Théah chart is refused for an Atrilian campaign, at the field.
    await apiOk(host, 'campaigns.create', { name: 'Blank Seas', chart: 'blank' })
    expect((await apiOk<Chart>(host, 'chart.get')).ports).toEqual([])
    const refused = await host.api<{ error: { code: string; details: { issues: { field: string; message: string }[] } } }>('campaigns.create', {
      name: 'Atrilian Seas',
      setting: 'atrilia',
      chart: 'theah'
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error.details.issues).toEqual([{ field: 'chart', message: 'the Théah chart is for a Théah campaign only' }])
  })

  it('Fit fits what is drawn; a map image goes under the chart (type and size checked at the field) and Fit takes it in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-e2e-chartimg-'))
    host = await qd.serve(['--campaign', join(dir, 'Mapped.quarterdeck'), '--create'])
    // Two ports in one corner of a 1600 × 1000 chart.
    for (const [name, x, y] of [['Bridgetown', 200, 200], ['Speightstown', 500, 380]] as const) {
      const p = await apiOk<{ id: number }>(host, 'ports.create', { name, nation: 'Avalon' })
      await apiOk(host, 'chart.placePort', { portId: p.id, x, y })
    }

    b = await qd.browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=campaign-title]').getByText('Mapped').waitFor()
    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=sea-chart] canvas').first().waitFor()
    await page.locator('[data-test=chart-fit]').click()
    // The view holds both ports and not the empty rest of the chart.
    await expect
      .poll(async () => {
        const [x0, y0, x1, y1] = await viewBox(page)
        return x0! <= 200 && y0! <= 200 && x1! >= 500 && y1! >= 380 && x1! - x0! < 900
      })
      .toBe(true)
    await hideMessages(page)
    await shot(page, 'issue16-chart-fit-ports')

    await page.locator('[data-test=edit-chart]').click()
    const card = page.locator('[data-test=map-image]')
    await card.getByText('Map under the chart').waitFor()
    const input = card.locator('[data-test=map-image-input]')
    // Too large: refused at the field before anything is sent.
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(800 * 1024, 1) })
    await card.getByText('huge.png is 800 KB; a campaign keeps a map image of at most 700 KB. Save it smaller (fewer pixels, or as JPEG or WebP).').waitFor()
    // Not a picture: refused at the field.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('ports and routes') })
    await card.getByText('notes.txt is not a PNG, JPEG or WebP image.').waitFor()
    // Named like a picture but not one: the campaign refuses it, and says why.
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') })
    await page.locator('.n-message').getByText('fake.png is not a PNG, JPEG or WebP image, so it cannot go under the chart.', { exact: false }).waitFor()
    expect(await apiOk(host, 'chart.image')).toBeNull()

    // A real map: drawn across the chart's width, kept in the campaign file.
    await input.setInputFiles({ name: 'barbados.png', mimeType: 'image/png', buffer: await mapPng(page, 800, 500) })
    await card.locator('[data-test=map-image-file]').getByText('barbados.png').waitFor()
    await expect.poll(() => page.locator('[data-test=sea-chart]').getAttribute('data-map-image')).toBe('shown')
    const stored = await apiOk<{ fileName: string; mime: string; width: number; x: number; y: number }>(host, 'chart.image')
    expect(stored).toMatchObject({ fileName: 'barbados.png', mime: 'image/png', width: 1600, x: 0, y: 0 })
    // Fit now takes in the map too (its right edge at 1600 units, its foot at 1000).
    await page.locator('[data-test=chart-fit]').click()
    await expect
      .poll(async () => {
        const [x0, y0, x1, y1] = await viewBox(page)
        return x0! <= 0 && y0! <= 0 && x1! >= 1600 && y1! >= 1000
      })
      .toBe(true)
    await hideMessages(page)
    await shot(page, 'issue16-chart-map-image')

    // Placed narrower and fainter; the journal names the file, and undo puts it back.
    await card.getByRole('textbox', { name: 'Width of the map, in chart units' }).fill('800')
    await card.getByRole('textbox', { name: 'How strongly the map shows, in percent' }).fill('5')
    await card.getByText('Must be at least 10.').waitFor()
    expect(await card.locator('[data-test=map-image-place]').isDisabled()).toBe(true)
    await card.getByRole('textbox', { name: 'How strongly the map shows, in percent' }).fill('60')
    await card.locator('[data-test=map-image-place]').click()
    await page.locator('.n-message').getByText('Placed the map barbados.png: 800 units wide, 60% strong.').waitFor()
    expect(await apiOk(host, 'chart.image')).toMatchObject({ width: 800, opacity: 0.6 })
    const history = await apiOk<{ entries: { summary: string }[] }>(host, 'history.list')
    expect(history.entries.map((e) => e.summary)).toContain('Put the map barbados.png under the chart')
    await card.locator('[data-test=map-image-remove]').click()
    await expect.poll(() => page.locator('[data-test=sea-chart]').getAttribute('data-map-image')).toBe('none')
    expect(await apiOk(host, 'chart.image')).toBeNull()
  })

  it('where open sea counts as a sea lane and no route is drawn, the plan takes the direct course instead of failing', async () => {
    host = await qd.serve()
    b = await qd.browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=open-sample]').click()
    await page.locator('[data-test=campaign-title]').getByText('The Tortuga Run').waitFor()
    // The sample's open sea is a sea lane; no route joins San Cristóbal and Kirk.
    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=plan-voyage]').click()
    const planPanel = page.locator('[data-test=plan-panel]')
    await chooseMany(page, planPanel.locator('[data-test=plan-ships]'), ['Santa Lucia — in San Cristóbal'])
    await planPanel.locator('[data-test=plan-stop-1]').click()
    await page.keyboard.type('Kir')
    await page.locator('.n-base-select-option:visible').getByText('Kirk', { exact: true }).click()
    await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)
    const direct = planPanel.locator('[data-test=plan-direct]')
    await direct.getByText('No route is drawn from San Cristóbal to Kirk: she sails the direct course across open sea, a sea lane', { exact: false }).waitFor()
    // San Cristóbal (1050, 700) to Kirk (1350, 120) at 2 nm a unit.
    const nm = Math.round(Math.hypot(300, 580) * 2)
    await planPanel.locator('[data-test=plan-distance]').getByText(`${nm.toLocaleString('en')} nm`).waitFor()
    await expect.poll(() => planPanel.locator('[data-test=set-sail]').isDisabled()).toBe(false)
    await hideMessages(page)
    await shot(page, 'issue16-plan-direct-course')
  })
})
