/**
 * `npx tsx scripts/campaign-dump.ts [OUT.json]`: play a scripted six-voyage campaign on the sample
 * campaign through the command door — voyages with encounters fought, a prize taken and sold in a
 * haven, booty divided, trading ventures bought and sold, a month of upkeep, repairs and careening,
 * a special event — and write every table of the campaign file (ordered, ids included) as JSON.
 *
 * The same Quarterdeck behaviour always gives the same dump: the sample is seeded, the session's
 * clock is fixed, and every choice the script makes follows from what the commands answered. A test
 * (tests/integration/campaign-dump.test.ts) compares it with tests/fixtures/six-voyages.dump.json, so
 * a change that only moves code must leave it byte for byte the same.
 */
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildSampleCampaign } from '../resources/sample/tortuga-run'
import { AppSession } from '../src/main/app/session'
import { Door } from '../src/main/door/door'
import type { CommandName, CommandOutput } from '../src/shared/commands'

const FIXED_NOW = '2026-06-01T12:00:00.000Z'

export type CampaignDump = Record<string, { columns: string[]; rows: unknown[][] }>

export type Call = <N extends CommandName>(name: N, input?: unknown) => Promise<CommandOutput<N>>

/**
 * What a caller may add to the play (tests): `wrap` sees every command the script sends (its name and
 * input, and the call that runs it); `beforeClose` runs once the six voyages are played, on the open
 * campaign, before it is closed and dumped.
 */
export interface PlayHooks {
  wrap?: (name: CommandName, input: unknown, run: () => Promise<unknown>, path: string) => Promise<unknown>
  beforeClose?: (call: Call, path: string) => Promise<void>
}

/** Play the six voyages and return the campaign's tables. */
export async function playSixVoyages(hooks: PlayHooks = {}): Promise<CampaignDump> {
  const dir = mkdtempSync(join(tmpdir(), 'quarterdeck-dump-'))
  const path = join(dir, 'six-voyages.quarterdeck')
  try {
    await buildSampleCampaign(path)
    const session = new AppSession({ home: join(dir, 'home'), mode: 'browser', version: 'dump', now: () => new Date(FIXED_NOW), log: () => {} })
    const door = new Door(session, { checkOutputs: true })
    const direct = ((name: CommandName, input?: unknown) => door.call(name, input as never)) as Call
    const wrap = hooks.wrap
    const call = (wrap ? (name: CommandName, input?: unknown) => wrap(name, input, () => door.call(name, input as never), path) : direct) as Call
    await direct('campaigns.open', { path })
    await play(call)
    if (hooks.beforeClose) await hooks.beforeClose(direct, path)
    await direct('campaigns.close')
    return dumpFile(path)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Every table of a campaign file, rows ordered by rowid (or the primary key), every column. */
export function dumpFile(path: string): CampaignDump {
  const db = new Database(path, { readonly: true })
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string }[]
    const out: CampaignDump = {}
    for (const { name } of tables) {
      const cols = (db.prepare(`SELECT name, pk FROM pragma_table_info(?) ORDER BY cid`).all(name) as { name: string; pk: number }[])
      const withoutRowid = (db.prepare(`SELECT sql FROM sqlite_master WHERE name = ?`).get(name) as { sql: string }).sql.includes('WITHOUT ROWID')
      const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => `"${c.name}"`)
      const order = withoutRowid ? (pk.length ? pk.join(', ') : cols.map((c) => `"${c.name}"`).join(', ')) : 'rowid'
      const rows = db.prepare(`SELECT * FROM "${name}" ORDER BY ${order}`).raw().all() as unknown[][]
      out[name] = { columns: cols.map((c) => c.name), rows: rows.map((r) => r.map((v) => (Buffer.isBuffer(v) ? v.toString('base64') : v))) }
    }
    return out
  } finally {
    db.close()
  }
}

/** What happened, one line a stop (printed by the script, for a reader checking what the dump covers). */
export const story: string[] = []

async function play(call: Call): Promise<void> {
  const ships = await call('ships.list')
  const lucia = ships.find((s) => s.name === 'Santa Lucia')!.id
  const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
  const ports = await call('ports.list')
  const port = (n: string) => ports.find((p) => p.name === n)!.id
  const ownersOf = async (shipId: number) => (await call('ships.get', { shipId })).owners.map((o) => ({ ownerId: o.ownerId, share: o.share }))
  const allende = (await call('people.list')).find((p) => p.name.startsWith('Allende'))!

  /** Fight a battle for at most three turns and conclude it: struck generated ships become prizes of `captor`'s owners. */
  const fight = async (battleId: number, captor: number) => {
    for (let turn = 0; turn < 3; turn++) {
      const state = await call('battles.state', { battleId })
      if (state.state.outcome !== 'ongoing') break
      await call('battles.resolveTurn', { battleId })
    }
    const review = await call('battles.review', { battleId })
    story.push(`battle ${battleId}: ${review.lines.map((l) => `${l.name} ${l.fate}`).join(', ')}`)
    const owners = await ownersOf(captor)
    const lines = review.lines.map((l) => (l.shipId === null && l.fate === 'captured' ? { ...l, prizeOwners: owners } : l))
    return call('battles.conclude', { battleId, lines })
  }

  /** Sail a voyage until it arrives: the first `fights` fightable encounters are fought, the rest pass; events happen. */
  const sailOut = async (voyageId: number, captor: number, fights: number) => {
    for (let i = 0; i < 80; i++) {
      const out = await call('voyages.sail', { voyageId })
      story.push(`voyage ${voyageId}: ${out.stop} after ${out.days} days`)
      if (out.stop === 'arrival' || out.stop === 'wrecked' || out.stop === 'lost') return out.stop
      if (out.stop === 'encounter') {
        const pending = out.voyage.pending
        const canFight = pending?.kind === 'encounter' && pending.choices.includes('fight')
        if (canFight && fights > 0) {
          fights--
          const r = await call('voyages.resolveEncounter', { voyageId, choice: 'fight' })
          if (r.battleId !== null) await fight(r.battleId, captor)
          const after = await call('voyages.get', { voyageId })
          if (after.status !== 'atSea') return after.status
        } else await call('voyages.resolveEncounter', { voyageId, choice: 'pass' })
      } else if (out.stop === 'event') await call('voyages.resolveEvent', { voyageId })
      else if (out.stop === 'battle') {
        const v = await call('voyages.get', { voyageId })
        const battleId = (v as { battleId?: number | null }).battleId
        if (battleId) await fight(battleId, captor)
      }
    }
    throw new Error(`voyage ${voyageId} did not arrive`)
  }

  // Voyage 1: the Sea Dog from San Cristóbal to La Bucca; on the first day a lightly armed Vendel
  // Frigate (typed dice), fought and taken; the prize sails on with her.
  await call('ships.moveTo', { shipId: seaDog, portId: port('San Cristóbal') })
  const v1 = await call('voyages.start', { shipIds: [seaDog], route: [port('San Cristóbal'), port('La Bucca')], dice: [5] })
  await call('voyages.sail', { voyageId: v1.id, dice: [10, 2, 2, 2, 2, 2] })
  const f1 = await call('voyages.resolveEncounter', { voyageId: v1.id, choice: 'fight', range: 'long' })
  await call('battles.resolveTurn', { battleId: f1.battleId! })
  const review = await call('battles.review', { battleId: f1.battleId! })
  const dogOwners = await ownersOf(seaDog)
  const lines = review.lines.map((l) => (l.shipId === null ? { ...l, fate: 'captured' as const, prizeOwners: dogOwners } : l))
  const concluded = await call('battles.conclude', { battleId: f1.battleId!, lines })
  const prizeId = concluded.applied.find((a) => a.shipId !== null && a.shipId !== seaDog)!.shipId!
  await sailOut(v1.id, seaDog, 0)

  // Booty in La Bucca: the prize's hold rolled, its cargo sold in the haven, the booty divided.
  await call('booty.rollPrizeHold', { shipId: prizeId })
  const prizeHold = await call('trade.hold', { shipId: prizeId })
  for (const c of prizeHold.lines) if (c.tons > 0) await call('trade.sell', { shipId: prizeId, cargo: c.cargo, tons: c.tons })
  await call('booty.divide', { shipId: seaDog })

  // A month of upkeep; the Santa Lucia careened and repaired in San Cristóbal.
  await call('clock.advance', { days: 30 })
  const yngvild = (await call('people.list')).find((p) => p.name.startsWith('Yngvild'))!
  await call('ledger.grant', { ownerId: allende.ownerId, amount: 20_000, memo: 'Freight paid by the Casa Zepeda' })
  await call('ledger.grant', { ownerId: yngvild.ownerId, amount: 5_000, memo: 'Freight paid by the Casa Zepeda' })
  await call('ships.careen', { shipId: lucia, where: 'port' })
  await call('crew.hire', { shipId: lucia, sailors: 2 })

  // A trading company chartered in San Cristóbal (bought if the official refuses), the Santa Lucia put into it, shares sold.
  const tom = (await call('people.list')).find((p) => p.name.startsWith('Old Tom'))!
  const charter = await call('companies.charter', { name: 'Casa Zepeda Company', portId: port('San Cristóbal'), founders: [allende.ownerId] })
  if (charter.company.status === 'applying') await call('companies.buyCharter', { companyId: charter.company.id, payerId: allende.ownerId })
  await call('companies.addShip', { companyId: charter.company.id, shipId: lucia })
  await call('companies.deposit', { companyId: charter.company.id, ownerId: allende.ownerId, amount: 3000 })
  await call('ledger.grant', { ownerId: tom.ownerId, amount: 2_000, memo: 'His savings' })
  await call('companies.sellShares', { companyId: charter.company.id, buyerId: tom.ownerId, count: 2 })

  // Voyage 2: a trading venture — the Santa Lucia buys textiles in San Cristóbal and sells them in Altamira.
  const venture2 = await call('trade.openVenture', { shipId: lucia })
  await call('trade.buy', { shipId: lucia, cargo: 'textiles', tons: 10, payerId: allende.ownerId })
  const v2 = await call('voyages.start', { shipIds: [lucia], route: [port('San Cristóbal'), port('Altamira')], passengers: 5 })
  await sailOut(v2.id, lucia, 0)
  await call('trade.sell', { shipId: lucia, cargo: 'textiles', tons: 10 })
  await call('trade.closeVenture', { ventureId: venture2.id })

  // Voyage 3: Altamira to Puerto Dorado with wine, sold in the colony.
  const venture3 = await call('trade.openVenture', { shipId: lucia })
  await call('trade.buy', { shipId: lucia, cargo: 'wine', tons: 8, payerId: allende.ownerId })
  const v3 = await call('voyages.start', { shipIds: [lucia], route: [port('Altamira'), port('Puerto Dorado')] })
  await sailOut(v3.id, lucia, 0)
  await call('trade.sell', { shipId: lucia, cargo: 'wine', tons: 8 })
  await call('trade.closeVenture', { ventureId: venture3.id })

  // Voyage 4: the Sea Dog hunts from La Bucca to San Cristóbal, fighting what she meets.
  const v4 = await call('voyages.start', { shipIds: [seaDog], route: [port('La Bucca'), port('San Cristóbal')] })
  const met4 = await call('voyages.sail', { voyageId: v4.id, dice: [10, 2, 2, 2, 2, 2] })
  story.push(`voyage ${v4.id}: ${met4.stop} after ${met4.days} days (typed dice)`)
  const f4 = await call('voyages.resolveEncounter', { voyageId: v4.id, choice: 'fight' })
  if (f4.battleId !== null) await fight(f4.battleId, seaDog)
  await sailOut(v4.id, seaDog, 2)
  await call('ships.repair', { shipId: seaDog, weeks: 1 })

  // Voyage 5: the Santa Lucia from Puerto Dorado home by way of La Bucca (a port of call).
  const v5 = await call('voyages.start', { shipIds: [lucia], route: [port('Puerto Dorado'), port('La Bucca'), port('San Cristóbal')] })
  await sailOut(v5.id, lucia, 0)

  // Voyage 6: both ships together from San Cristóbal to Charouse; the GM spends a Drama Die for a special event.
  const v6 = await call('voyages.start', { shipIds: [lucia, seaDog], route: [port('San Cristóbal'), port('Charouse')] })
  await call('voyages.specialEvent', { voyageId: v6.id })
  await call('voyages.resolveEvent', { voyageId: v6.id })
  await sailOut(v6.id, seaDog, 1)
  await call('clock.advance', { days: 10 })
  await call('crew.settle', { shipId: lucia })
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (isMain) {
  playSixVoyages().then(
    (dump) => {
      const json = JSON.stringify(dump, null, 1) + '\n'
      const out = process.argv[2]
      if (out) {
        writeFileSync(resolve(out), json)
        console.log(story.join('\n'))
        console.log(`Wrote the six-voyage dump to ${resolve(out)}`)
      } else process.stdout.write(json)
    },
    (e: Error) => {
      console.error(e.stack ?? e.message)
      process.exit(1)
    }
  )
}
