import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiOk, boardSized, browser, choose, hideMessages, openPage, serve, settled, shot, type Browser, type Served } from './harness'

/**
 * The chart editor as a GM uses it: the sample's chart in edit mode, a new port recorded by clicking
 * the sea where it lies, a port dragged to a new place, a route drawn between two ports (measured on
 * the chart), a small sea area of shoal-free sea-lane water drawn corner by corner, and both removed again.
 */

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

interface Pt {
  x: number
  y: number
}
interface ChartView {
  settings: { width: number; height: number; scaleNmPerUnit: number }
  ports: { portId: number; name: string; x: number | null; y: number | null }[]
  areas: { id: number; name: string; kind: string; polygon: Pt[] }[]
  routes: { id: number; fromPortId: number; toPortId: number; fromName: string; toName: string; distanceNm: number; measuredNm: number | null }[]
}

const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)
const chart = (): Promise<ChartView> => api<ChartView>('chart.get')

/** A chart point where it is on the page: the Konva stage's pan and zoom, and the canvas's place. */
async function onPage(page: Page, p: Pt): Promise<Pt> {
  // Konva puts itself on window; the chart's stage is the last one made. (A string: no DOM types here.)
  const t = await page.evaluate<{ x: number; y: number; k: number; left: number; top: number }>(`(() => {
    const s = window.Konva.stages[window.Konva.stages.length - 1]
    const r = s.container().getBoundingClientRect()
    return { x: s.x(), y: s.y(), k: s.scaleX(), left: r.left, top: r.top }
  })()`)
  return { x: t.left + t.x + p.x * t.k, y: t.top + t.y + p.y * t.k }
}

/** The chart point under a page point (the inverse of onPage). */
async function onChart(page: Page, q: Pt): Promise<Pt> {
  const o = await onPage(page, { x: 0, y: 0 })
  const one = await onPage(page, { x: 1, y: 0 })
  const k = one.x - o.x
  return { x: (q.x - o.x) / k, y: (q.y - o.y) / k }
}

/** Click a chart point once the chart has drawn its last change (Konva finds what is clicked on the drawn shapes). */
async function clickChart(page: Page, p: Pt): Promise<void> {
  await settled(page)
  const q = await onPage(page, p)
  await page.mouse.click(q.x, q.y)
}

/** Somewhere on the chart (in chart units) clear of every port by at least `clear` screen pixels. */
async function openSea(page: Page, c: ChartView, near: Pt, clear = 40): Promise<Pt> {
  const placed = c.ports.filter((p) => p.x !== null && p.y !== null)
  const o = await onPage(page, { x: 0, y: 0 })
  const one = await onPage(page, { x: 1, y: 0 })
  const k = one.x - o.x
  for (let ring = 0; ring < 40; ring++) {
    for (let a = 0; a < 16; a++) {
      const p = { x: near.x + (Math.cos((a * Math.PI) / 8) * ring * 20) / k, y: near.y + (Math.sin((a * Math.PI) / 8) * ring * 20) / k }
      if (p.x < 20 / k || p.y < 20 / k || p.x > c.settings.width - 20 / k || p.y > c.settings.height - 20 / k) continue
      if (placed.every((q) => Math.hypot(q.x! - p.x, q.y! - p.y) * k > clear)) return { x: Math.round(p.x), y: Math.round(p.y) }
    }
  }
  throw new Error('no open sea')
}

async function tool(page: Page, label: string): Promise<void> {
  await page.locator('[data-test=chart-tool]').getByText(label, { exact: true }).click()
}

describe('the chart editor in Chromium', () => {
  it('adds and moves a port, draws a route and a sea area, and removes them', async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=open-sample]').click()
    await page.locator('[data-test=campaign-title]').getByText('The Tortuga Run').waitFor()
    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=sea-chart] canvas').first().waitFor()
    await boardSized(page, 'sea-chart')
    await settled(page)

    // ── Edit mode ───────────────────────────────────────────────────────────
    await page.locator('[data-test=edit-chart]').click()
    await page.locator('[data-test=chart-editor]').waitFor()
    await expect.poll(() => page.locator('[data-test=sea-chart]').getAttribute('data-editing')).toBe('move')
    await shot(page, 'chart-edit-start')

    let c = await chart()
    const placed = c.ports.filter((p) => p.x !== null && p.y !== null)
    expect(placed.length).toBeGreaterThanOrEqual(2)
    const centre = { x: c.settings.width / 2, y: c.settings.height / 2 }

    // ── A new port: click the sea where it lies, then name it ─────────────────
    await tool(page, 'Add port')
    await expect.poll(() => page.locator('[data-test=sea-chart]').getAttribute('data-editing')).toBe('port')
    const newAt = await openSea(page, c, centre, 60)
    await clickChart(page, newAt)
    const dialog = page.locator('[data-test=port-dialog]')
    await dialog.waitFor()
    await dialog.getByLabel('Port name').fill('Isla Perdida')
    await dialog.getByLabel('Port nation').fill('Castille')
    await dialog.locator('[data-test=port-save]').click()
    await expect.poll(() => dialog.isVisible()).toBe(false)
    await expect
      .poll(async () => (await chart()).ports.find((p) => p.name === 'Isla Perdida'))
      .toMatchObject({ x: expect.any(Number), y: expect.any(Number) })
    c = await chart()
    const isla = c.ports.find((p) => p.name === 'Isla Perdida')!
    expect(Math.abs(isla.x! - newAt.x)).toBeLessThanOrEqual(2)
    expect(Math.abs(isla.y! - newAt.y)).toBeLessThanOrEqual(2)
    await hideMessages(page)
    await shot(page, 'chart-edit-new-port')

    // ── Move it: drag the port on the canvas ─────────────────────────────────
    await tool(page, 'Move')
    await expect.poll(() => page.locator('[data-test=sea-chart]').getAttribute('data-editing')).toBe('move')
    await settled(page)
    const from = await onPage(page, { x: isla.x!, y: isla.y! })
    const dest = await openSea(page, c, { x: isla.x! + 200, y: isla.y! + 120 }, 60)
    const to = await onPage(page, dest)
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10)
    await page.mouse.up()
    await expect
      .poll(async () => {
        const p = (await chart()).ports.find((q) => q.portId === isla.portId)!
        return Math.hypot(p.x! - dest.x, p.y! - dest.y)
      })
      .toBeLessThan(4)
    // The view did not pan with the port.
    const after = await onPage(page, dest)
    expect(Math.hypot(after.x - to.x, after.y - to.y)).toBeLessThan(2)
    c = await chart()
    const moved = c.ports.find((p) => p.portId === isla.portId)!
    await hideMessages(page)
    await shot(page, 'chart-edit-moved-port')

    // ── A route from the new port to the nearest other port ───────────────────
    const other = c.ports
      .filter((p) => p.portId !== moved.portId && p.x !== null && p.y !== null)
      .sort((a, b2) => Math.hypot(a.x! - moved.x!, a.y! - moved.y!) - Math.hypot(b2.x! - moved.x!, b2.y! - moved.y!))[0]!
    const routesBefore = c.routes.length
    await tool(page, 'Route')
    await expect.poll(() => page.locator('[data-test=sea-chart]').getAttribute('data-editing')).toBe('route')
    await clickChart(page, { x: moved.x!, y: moved.y! })
    await page.locator('[data-test=chart-hint]').getByText('Click the sea for waypoints').waitFor()
    const via = await openSea(page, c, { x: (moved.x! + other.x!) / 2, y: (moved.y! + other.y!) / 2 + 40 }, 30)
    await clickChart(page, via)
    await clickChart(page, { x: other.x!, y: other.y! })
    await expect.poll(async () => (await chart()).routes.length).toBe(routesBefore + 1)
    c = await chart()
    const route = c.routes.find(
      (r) => (r.fromPortId === moved.portId && r.toPortId === other.portId) || (r.toPortId === moved.portId && r.fromPortId === other.portId)
    )!
    expect(route).toBeTruthy()
    expect(route.distanceNm).toBeGreaterThan(0)
    expect(route.measuredNm).toBe(route.distanceNm)
    const selected = page.locator('[data-test=route-selected]')
    await selected.waitFor()
    await expect(selected.textContent()).resolves.toContain(`${route.distanceNm} nm`)
    await hideMessages(page)
    await shot(page, 'chart-edit-route')

    // ── A small sea area of sea-lane water ──────────────────────────────────
    const areasBefore = c.areas.length
    await tool(page, 'Sea area')
    await expect.poll(() => page.locator('[data-test=sea-chart]').getAttribute('data-editing')).toBe('area')
    const o = await onPage(page, { x: 0, y: 0 })
    const k = (await onPage(page, { x: 1, y: 0 })).x - o.x
    const corner = await openSea(page, c, { x: moved.x! - 120 / k, y: moved.y! - 120 / k }, 50)
    const d = 50 / k
    const corners = [corner, { x: corner.x + d, y: corner.y }, { x: corner.x + d, y: corner.y + d }, { x: corner.x, y: corner.y + d }]
    // Quick clicks on the corners (within a double click's time of each other) go on drawing…
    for (const p of corners.slice(0, 3)) await clickChart(page, p)
    await page.locator('[data-test=chart-hint]').getByText('3 corners').waitFor()
    await shot(page, 'chart-edit-area-drawing')
    // …and a double click on the last corner closes the area.
    const last = await onPage(page, corners[3]!)
    await page.mouse.dblclick(last.x, last.y)
    const form = page.locator('[data-test=area-form]')
    await form.waitFor()
    await form.locator('[data-test=area-name]').locator('input').fill('The Little Lane')
    await choose(page, form.locator('[data-test=area-kind]'), 'Major sea lane')
    await form.locator('[data-test=area-save]').click()
    await expect.poll(async () => (await chart()).areas.length).toBe(areasBefore + 1)
    c = await chart()
    const area = c.areas.find((a) => a.name === 'The Little Lane')!
    expect(area.kind).toBe('seaLane')
    expect(area.polygon).toHaveLength(4)
    await page.locator('[data-test=area-selected]').waitFor()
    await hideMessages(page)
    await shot(page, 'chart-edit-area')

    // ── Remove the area and the route again, from the chart ─────────────────
    await tool(page, 'Move')
    await clickChart(page, { x: corner.x + d / 2, y: corner.y + d / 2 })
    await page.locator('[data-test=area-selected]').waitFor()
    await page.locator('[data-test=area-selected]').getByRole('button', { name: 'Remove' }).click()
    await expect.poll(async () => (await chart()).areas.length).toBe(areasBefore)
    await expect.poll(() => page.locator('[data-test=area-selected]').count()).toBe(0)

    // Click the route on the chart (its waypoint) to select it.
    await clickChart(page, via)
    await page.locator('[data-test=route-selected]').waitFor()
    await page.locator('[data-test=route-selected]').getByRole('button', { name: 'Remove' }).click()
    await expect.poll(async () => (await chart()).routes.length).toBe(routesBefore)
    await expect.poll(() => page.locator('[data-test=route-selected]').count()).toBe(0)
    await hideMessages(page)
    await shot(page, 'chart-edit-removed')

    // ── A port recorded elsewhere (the HTTP API) waits off the chart; place it ──
    const cay = await api<{ id: number; name: string }>('ports.create', { name: 'Cayo Hueso', nation: 'Castille' })
    const chip = page.locator('[data-test=chart-editor]').getByRole('button', { name: 'Place Cayo Hueso' })
    await chip.waitFor()
    await chip.click()
    await expect.poll(() => page.locator('[data-test=sea-chart]').getAttribute('data-editing')).toBe('port')
    await page.locator('[data-test=chart-editor]').getByText('Click the chart where').waitFor()
    c = await chart()
    const cayAt = await openSea(page, c, { x: centre.x, y: centre.y + 150 }, 50)
    await clickChart(page, cayAt)
    await expect
      .poll(async () => {
        const p = (await chart()).ports.find((q) => q.portId === cay.id)!
        return p.x === null ? Infinity : Math.hypot(p.x - cayAt.x, p.y! - cayAt.y)
      })
      .toBeLessThan(4)
    await expect.poll(() => chip.count()).toBe(0)
    // The next click on the sea starts a new port again (nothing left waiting to be placed).
    await page.locator('[data-test=chart-editor]').getByText('Click the sea where the new port lies').waitFor()
    await hideMessages(page)
    await shot(page, 'chart-edit-placed')

    // Done editing: ports no longer drag, clicks open the port.
    await page.locator('[data-test=edit-chart]').click()
    await expect.poll(() => page.locator('[data-test=sea-chart]').getAttribute('data-editing')).toBe('no')
  })
})
