/**
 * `npx vitest bench --run bench/voyage.bench.ts`: a 60-day voyage through the door (issue 7 target:
 * ≤ 10 ms). The sample campaign gets a long route (a typed 12,000 nm from San Cristóbal to New
 * Carleon); each iteration starts the Santa Lucia on it, sails until 60 days have passed (letting
 * any encounter pass) and ends the voyage back in port. The summary prints the sailing alone:
 * 60 days of `voyages.sail` — clock steps (upkeep, rations, repairs), encounter checks, the log —
 * each day one SQLite write inside the command's transaction.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, bench, describe } from 'vitest'
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

const sailMs: number[] = []
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
  sailMs.push(ms)
  if ((await door.call("voyages.get", { voyageId: v.id })).status === "atSea") await door.call("voyages.end", { voyageId: v.id, portId: from })
  else await door.call("ships.moveTo", { shipId: lucia, portId: from })
}

afterAll(async () => {
  const s = [...sailMs].sort((a, b) => a - b)
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(2)
  console.log(`\n60 days of voyages.sail (${s.length} voyages): p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms (target ≤ 10 ms)`)
  await session.close()
  rmSync(home, { recursive: true, force: true })
})

describe('voyages', () => {
  bench('a 60-day voyage: start, 60 days of sailing, end', voyage60, { time: 3000, warmupIterations: 3 })
})
