/**
 * Shared set-up of the battle tests: the sample campaign (The Tortuga Run: the Santa Lucia, a
 * Merchantman owned 60/40 by Allende and Yngvild, and Marcel's Corsair the Sea Dog), built once per
 * test file and copied into each test's session, and typed calls through the one door.
 */
import { copyFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildSampleCampaign, SAMPLE_FILE_NAME } from '../../resources/sample/tortuga-run'
import type { CommandErrorBody } from '../../src/shared/errors'
import { countRows, dumpCampaign, failureOf, makeClock, makeSession, makeTempDir, type TestSession } from '../helpers'

let built: { dir: string; path: string } | null = null

/** Build the sample once (per test file); remove it with `dropSample` in afterAll. */
export async function buildSampleOnce(): Promise<string> {
  if (built) return built.path
  const dir = makeTempDir('quarterdeck-battles-sample-')
  const path = join(dir, SAMPLE_FILE_NAME)
  await buildSampleCampaign(path)
  built = { dir, path }
  return path
}

export function dropSample(): void {
  if (built) rmSync(built.dir, { recursive: true, force: true })
  built = null
}

export interface SampleSession {
  t: TestSession
  db: () => import('better-sqlite3').Database
  call: TestSession['door']['call']
  fail: (name: string, input: unknown) => Promise<CommandErrorBody>
  /** Every campaign table, the journal and the undo steps: equal before and after a refused command. */
  snapshot: () => unknown
  ids: { seaDog: number; santaLucia: number; allende: number; yngvild: number; marcel: number; marcelPerson: number; allendePerson: number }
}

/** A session with a copy of the sample campaign open. */
export async function openSample(): Promise<SampleSession> {
  const source = await buildSampleOnce()
  const t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  const path = join(t.campaignsDir, SAMPLE_FILE_NAME)
  copyFileSync(source, path)
  await t.door.call('campaigns.open', { path })
  const db = () => t.session.campaign!.db as unknown as import('better-sqlite3').Database
  const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as TestSession['door']['call']
  const ship = (name: string) => (db().prepare(`SELECT id FROM ship WHERE name = ?`).get(name) as { id: number }).id
  const person = (name: string) =>
    db().prepare(`SELECT p.id, p.owner_id AS ownerId FROM person p JOIN owner o ON o.id = p.owner_id WHERE o.name = ?`).get(name) as { id: number; ownerId: number }
  const journal = () => db().prepare(`SELECT summary FROM journal ORDER BY seq`).all()
  return {
    t,
    db,
    call,
    fail: (name, input) => failureOf(t.door, name, input),
    snapshot: () => ({ tables: dumpCampaign(db()), journal: journal(), steps: countRows(db(), 'undo_step') }),
    ids: {
      seaDog: ship('Sea Dog'),
      santaLucia: ship('Santa Lucia'),
      allende: person('Allende de Zepeda').ownerId,
      yngvild: person('Yngvild Olafsdottir').ownerId,
      marcel: person('Marcel du Sable').ownerId,
      marcelPerson: person('Marcel du Sable').id,
      allendePerson: person('Allende de Zepeda').id
    }
  }
}

/** The Sea Dog (the GM's) against a heavily armed Montaigne Merchantman (the AI's). */
export function seaDogVsMerchantman(s: SampleSession, opts: { range?: string; seed?: number; seaDogControl?: 'gm' | 'ai'; name?: string } = {}) {
  return {
    ...(opts.name ? { name: opts.name } : {}),
    participants: [
      { shipId: s.ids.seaDog, side: 'Tortuga', crewKind: 'pirate', captainId: s.ids.marcelPerson, control: opts.seaDogControl ?? 'gm' },
      { generate: { hull: 'merchantman', armament: 'heavy', nation: 'Montaigne' }, side: 'Montaigne' }
    ],
    range: opts.range ?? 'short',
    ...(opts.seed !== undefined ? { seed: opts.seed } : { seed: 1234 })
  }
}

/**
 * The Sea Dog sails from San Cristóbal for La Bucca; day 1's check is a 10 and 5k5 = 10: a lightly armed
 * Vendel Frigate waits (the encounter the conversion tests fight under other rules). Returns the voyage.
 */
export async function meetFrigate(s: SampleSession): Promise<number> {
  const ports = await s.call('ports.list')
  const port = (n: string) => ports.find((p) => p.name === n)!.id
  await s.call('ships.moveTo', { shipId: s.ids.seaDog, portId: port('San Cristóbal') })
  const started = await s.call('voyages.start', { shipIds: [s.ids.seaDog], route: [port('San Cristóbal'), port('La Bucca')], dice: [5] })
  const met = await s.call('voyages.sail', { voyageId: started.id, dice: [10, 2, 2, 2, 2, 2] })
  if (met.stop !== 'encounter') throw new Error(`the voyage stopped for ${String(met.stop)}, not an encounter`)
  return started.id
}
