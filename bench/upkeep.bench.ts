/**
 * `npx vitest bench --run bench/upkeep.bench.ts`: the life of a ship's clock steps (issue 6) for the fleet
 * of bench/fleet.ts — 200 crewed ships, merchantmen, naval ships, pirates and privateers, with officers,
 * damage, careenings long overdue (every ship loses hull each month) and standing orders — on a campaign
 * of 200 characters.
 *
 * Each step runs as `clock.advance` runs it (inside a command's memo, the design quotes shared by the
 * steps of the day) within a savepoint that is rolled back, so every iteration sees the same fleet; the
 * figure times the steps, not the rollback (vitest's own columns include it), once warmed up (see `counting`).
 * Issue 22's figure: the monthly steps (upkeep and the careening clock, run once a campaign month inside
 * one clock.advance) for 200 ships, p50 ≤ 15 ms, against the bare SQL of the same reads and writes. The
 * weekly steps and upkeep.summary (a Dashboard read) are measured for the record.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bench, describe } from 'vitest'
import type { ShipQuote } from '../src/shared/ship/design'
import { withMemo } from '../src/main/campaign/sqlite'
import { openDiceBox } from '../src/main/campaign-core/dice'
import { careeningClock } from '../src/main/theah/careening'
import { crewRepairs } from '../src/main/theah/repairs'
import { portWork } from '../src/main/theah/standing-orders'
import { monthlyUpkeep, provisionsAtSea } from '../src/main/theah/upkeep'
import { Door } from '../src/main/door/door'
import { openFleet, SHIPS } from './fleet'
import { pct, QUICK, record } from './results'

const session = await openFleet(mkdtempSync(join(tmpdir(), 'qd-upkeep-bench-')))
const door = new Door(session, { checkOutputs: false })
const db = session.campaign!.db
const box = () => openDiceBox(db, [], 'app')
const TIME = QUICK ? 1000 : 3000

/** Run `fn` as a command runs it (in its memo) inside a savepoint rolled back after; returns the ms `fn` took (not the rollback). */
function rolledBack(fn: () => void): number {
  db.exec('SAVEPOINT bench')
  try {
    const t = performance.now()
    withMemo(db, fn)
    return performance.now() - t
  } finally {
    db.exec('ROLLBACK TO bench')
    db.exec('RELEASE bench')
  }
}

// The bare SQL of the monthly steps: the fleet read in one query, then what the steps write for it —
// a ledger transaction for each ship her owners pay, her company's counts and what is owed, and for each
// ship a careening long overdue costs hull, her damage and a line in her history.
const bareFleet = db.prepare(
  `SELECT s.*, c.*, (SELECT COUNT(*) FROM ship_officer o WHERE o.ship_id = s.id) AS officers
   FROM ship s JOIN ship_company c ON c.ship_id = s.id WHERE s.status IN ('port', 'sea') ORDER BY s.id`
)
const bareTx = db.prepare(`INSERT INTO ledger_tx (day, memo, command) VALUES (365, ?, 'clock.advance')`)
const bareLine = db.prepare(`INSERT INTO ledger_line (tx_id, owner_id, account, amount) VALUES (?, ?, 'cash', ?)`)
const bareCompany = db.prepare(`UPDATE ship_company SET port_days = 0, sea_days = 0, port_eater_days = 0, owed = owed + ?, unrepairable_hull = unrepairable_hull + 1 WHERE ship_id = ?`)
const bareHull = db.prepare(`UPDATE ship SET hull_damage = hull_damage + 1 WHERE id = ?`)
const bareEvent = db.prepare(`INSERT INTO ship_event (ship_id, day, text) VALUES (?, 365, ?)`)
function bareMonthly(): void {
  const fleet = bareFleet.all() as { id: number; kind: string; name: string }[]
  for (const s of fleet) {
    if (s.kind === 'merchant') {
      const tx = Number(bareTx.run(`Monthly upkeep of the ${s.name}`).lastInsertRowid)
      bareLine.run(tx, 2, -600)
      bareLine.run(tx, 3, -400)
      bareLine.run(tx, 1, 1000)
    }
    bareCompany.run(s.kind === 'merchant' ? 0 : 1000, s.id)
    bareHull.run(s.id)
    bareEvent.run(s.id, `Lost 1 hull point to a careening 2 months overdue`)
  }
}

const monthly: number[] = []
const bare: number[] = []
/** The monthly steps' runs while vitest warms up (V8 has not yet compiled the per-ship code): shown in the note. */
const monthlyWarm: number[] = []
/** False while vitest warms up: only the measured runs count. */
let measuring = false
// A run visits 200 ships: V8 compiles the per-ship code over the first twenty-odd runs (their times fall
// from ~3× to the steady figure), so thirty runs of each warm up before any is measured; the app pays
// that once a session (the same code serves every command that reads or pays for a ship), not each month.
const counting = { warmupIterations: 30, setup: (_task: unknown, mode: 'warmup' | 'run') => void (measuring = mode === 'run') }
describe(`monthly steps for ${SHIPS} ships`, () => {
  bench(
    'monthly upkeep (wages and food by payer) + careening clock, as clock.advance runs them',
    () => {
      const ms = rolledBack(() => {
        const dice = box()
        const effects: string[] = []
        const quotes = new Map<string, ShipQuote>()
        // The clock run's memo, through which the upkeep hands the fleet it read to the careening clock.
        const memo = new Map<string, unknown>()
        monthlyUpkeep(db, (e) => effects.push(e), quotes, 365, memo)
        careeningClock(db, 365, () => dice, (e) => effects.push(e), quotes, memo)
      })
      ;(measuring ? monthly : monthlyWarm).push(ms)
    },
    { time: TIME, ...counting }
  )
  bench(
    'bare SQL (the fleet read in one query; its postings, company updates, damage and history written)',
    () => {
      const ms = rolledBack(bareMonthly)
      if (measuring) bare.push(ms)
    },
    {
      time: TIME,
      ...counting,
      teardown: (_task, mode) => {
        if (mode !== 'run') return
        record({ id: 'monthly.p50', measured: pct(monthly, 50), baseline: pct(bare, 50), note: `p99 ${pct(monthly, 99).toFixed(1)} ms; ${monthly.length} samples after ${monthlyWarm.length} runs warming up (their p50 ${pct(monthlyWarm, 50).toFixed(1)} ms)` })
      }
    }
  )
})

describe(`weekly steps for ${SHIPS} ships`, () => {
  bench(
    'standing orders in port + crew repairs + provisions at sea',
    () => {
      rolledBack(() => {
        const dice = box()
        const effects: string[] = []
        const quotes = new Map<string, ShipQuote>()
        portWork(db, 365, () => dice, (e) => effects.push(e), quotes)
        crewRepairs(db, 365, (e) => effects.push(e), quotes)
        provisionsAtSea(db, 365, () => dice, (e) => effects.push(e))
      })
    },
    { time: QUICK ? 500 : 1000 }
  )
})

describe('reads', () => {
  bench('upkeep.summary through the door', async () => {
    await door.invoke('upkeep.summary', {}, 'internal')
  })
})
