/**
 * `npx vitest bench --run bench/voyage.bench.ts`: a 60-day voyage through the door (issue 22 targets:
 * p50 ≤ 5 ms, p99 ≤ 15 ms). The sample campaign gets a long route (a typed 12,000 nm from San Cristóbal
 * to New Carleon); each iteration starts the Santa Lucia on it, sails until 60 days have passed (letting
 * any encounter pass) and ends the voyage back in port. The figure is the sailing alone: 60 days of
 * `voyages.sail` — clock steps (upkeep, rations, repairs), encounter checks, the log — each call one
 * command (one transaction); its baseline, `clock.advance` of 60 days through the door in the same
 * campaign (the same clock steps without the voyage), is measured after each voyage.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, bench, describe } from 'vitest'
import { pct, QUICK, record } from './results'
import { buildSampleCampaign } from '../resources/sample/tortuga-run'
import { AppSession } from '../src/main/app/session'
import { Door } from '../src/main/door/door'

const home = mkdtempSync(join(tmpdir(), 'quarterdeck-voyage-bench-'))
const path = join(home, 'bench.quarterdeck')
await buildSampleCampaign(path)
const session = new AppSession({ home, mode: 'browser', version: 'bench', log: () => {} })
// As the app runs it (and as the other benches do): outputs are checked against their contracts only in tests.
const door = new Door(session, { checkOutputs: false })
await door.call('campaigns.open', { path })
const ships = await door.call('ships.list')
const lucia = ships.find((s) => s.name === 'Santa Lucia')!.id
const ports = await door.call('ports.list')
const from = ports.find((p) => p.name === 'San Cristóbal')!.id
const to = ports.find((p) => p.name === 'New Carleon')!.id
await door.call('chart.saveRoute', { fromPortId: from, toPortId: to, via: [{ x: 700, y: 500 }], distanceNm: 12000 })
await door.call('settings.set', { allowDebt: true })
// Each voyage careens her first: her standing order to careen when due would do it again in the
// baseline's 60 days in port, and the next voyage could not start while she is careened.
await door.call('ships.orders', { shipId: lucia, careen: false })

const sailMs: number[] = []
const advanceMs: number[] = []
/** False while vitest warms up: only the measured runs count. */
let measuring = false
async function voyage60(): Promise<void> {
  try {
    await voyage60inner()
  } catch (e) {
    console.error(e)
    throw e
  }
}
async function voyage60inner(): Promise<void> {
  await door.call('ships.provision', { shipId: lucia, months: 3 })
  await door.invoke('ships.repair', { shipId: lucia, weeks: 4, yard: true }, 'internal')
  await door.call('ships.careen', { shipId: lucia, where: 'port' })
  await door.call('clock.advance', { days: 4 })
  const v = await door.call('voyages.start', { shipIds: [lucia], route: [from, to] })
  let days = 0
  let ms = 0
  while (days < 60) {
    const t0 = performance.now()
    const out = await door.call('voyages.sail', { voyageId: v.id, days: 60 - days })
    ms += performance.now() - t0
    days += out.days
    if (out.stop === 'encounter') await door.call('voyages.resolveEncounter', { voyageId: v.id, choice: 'pass' })
    if (out.stop === 'arrival' || out.stop === 'lost') break
  }
  if (measuring) sailMs.push(ms)
  if ((await door.call("voyages.get", { voyageId: v.id })).status === "atSea") await door.call("voyages.end", { voyageId: v.id, portId: from })
  else await door.call("ships.moveTo", { shipId: lucia, portId: from })
  const t0 = performance.now()
  await door.call('clock.advance', { days: 60 })
  if (measuring) advanceMs.push(performance.now() - t0)
}

afterAll(async () => {
  const note = `${sailMs.length} voyages, max ${Math.max(...sailMs).toFixed(1)} ms`
  record({ id: 'voyage.p50', measured: pct(sailMs, 50), baseline: pct(advanceMs, 50), note })
  record({ id: 'voyage.p99', measured: pct(sailMs, 99), baseline: pct(advanceMs, 99), note })
  console.log(`\n60 days of voyages.sail (${sailMs.length} voyages): p50 ${pct(sailMs, 50).toFixed(2)} ms, p99 ${pct(sailMs, 99).toFixed(2)} ms; clock.advance 60 days: p50 ${pct(advanceMs, 50).toFixed(2)} ms`)
  await session.close()
  rmSync(home, { recursive: true, force: true })
})

describe('voyages', () => {
  bench('a 60-day voyage: start, 60 days of sailing, end; then clock.advance of 60 days', voyage60, {
    time: QUICK ? 2000 : 6000,
    warmupIterations: 3,
    setup: (_task, mode) => {
      measuring = mode === 'run'
    }
  })
})
