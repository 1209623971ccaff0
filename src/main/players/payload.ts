import type { RulesetId } from '../../shared/battle/ruleset'
import {
  MM_PER_PX_DEFAULT,
  PlayerPayload,
  type PlayerBattle,
  type PlayerBattleChoices,
  type PlayerCondition,
  type PlayerPiece,
  type PlayerSettings,
  type PlayerVoyage
} from '../../shared/commands/players'
import { waterWords } from '../../shared/words'
import { currentDay, labelOf } from '../campaign-core/clock-state'
import { chartOf, listVoyages } from '../theah/voyages'
import type { AtriliaSetup, AtriliaState } from '../../shared/atrilia/types'
import { facingBearing } from '../../shared/atrilia/hex'
import { STATUS_NAMES as BROADSIDES_STATUS, type BroadsidesSetup, type BroadsidesState } from '../../shared/broadsides/types'
import { STATUS_NAMES as GALLEYS_STATUS, type GalleysSetup, type GalleysState } from '../../shared/galleys/types'
import { STATUS_LABELS as HIGH_SEAS_STATUS } from '../../shared/highseas/status-words'
import { pairKey, type BattleSetup, type BattleState } from '../../shared/highseas/types'
import { RANGES } from '../../shared/highseas/ranges'
import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'
import { defOfBattle } from '../battles/by-ruleset'
import { loadStepped, stepsOf } from '../battles/stepped'
import { highSeasSideName } from '../battles/high-seas'

/**
 * The players' screen (issue 21): its settings and the payload it draws. The payload is built here,
 * field by field, from the stored battle — never by copying the GM's view and dropping fields — so a
 * field the players may not see cannot leave by accident; it is checked against its strict schema
 * (the allow-list) before it is returned.
 */

interface ScreenRow {
  follow: number
  battle_id: number | null
  blackout: number
  mm_per_px: number
  show_voyage: number
  voyage_id: number | null
}
interface ChoiceRow {
  players_side: string | null
  enemy: PlayerBattleChoices['enemy']
  dice: PlayerBattleChoices['dice']
}

const screenRow = (db: Db): ScreenRow =>
  (stmt(db, `SELECT follow, battle_id, blackout, mm_per_px, show_voyage, voyage_id FROM players_screen WHERE id = 1`).get() as ScreenRow | undefined) ?? {
    follow: 1,
    battle_id: null,
    blackout: 0,
    mm_per_px: MM_PER_PX_DEFAULT,
    show_voyage: 1,
    voyage_id: null
  }

type Shown = { kind: 'battle'; id: number } | { kind: 'voyage'; id: number } | null

/**
 * What the screen shows: following, the newest battle still fought; else (when the GM shows voyages) the
 * newest voyage at sea; else the newest battle. Fixed: the GM's battle, else the GM's voyage.
 */
function shown(db: Db, row: ScreenRow): Shown {
  if (!row.follow) {
    if (row.battle_id !== null) return { kind: 'battle', id: row.battle_id }
    return row.voyage_id !== null ? { kind: 'voyage', id: row.voyage_id } : null
  }
  const active = stmt(db, `SELECT id FROM battle WHERE status = 'active' ORDER BY id DESC LIMIT 1`).get() as { id: number } | undefined
  if (active) return { kind: 'battle', id: active.id }
  if (row.show_voyage) {
    const atSea = stmt(db, `SELECT id FROM voyage WHERE status = 'atSea' ORDER BY id DESC LIMIT 1`).get() as { id: number } | undefined
    if (atSea) return { kind: 'voyage', id: atSea.id }
  }
  const id = shownBattle(db, row)
  return id === null ? null : { kind: 'battle', id }
}

/** The battle the screen shows: following, the newest still fought (else the newest); fixed, the GM's. */
function shownBattle(db: Db, row: ScreenRow): number | null {
  if (!row.follow) return row.battle_id
  const active = stmt(db, `SELECT id FROM battle WHERE status = 'active' ORDER BY id DESC LIMIT 1`).get() as { id: number } | undefined
  if (active) return active.id
  const any = stmt(db, `SELECT id FROM battle ORDER BY id DESC LIMIT 1`).get() as { id: number } | undefined
  return any?.id ?? null
}

function sidesOf(db: Db, battleId: number): { side: string; name: string }[] {
  const def = defOfBattle(db, battleId)
  const b = loadStepped(db, def, battleId)
  return def.sides(b.setup).map((s) => ({ side: s.side, name: s.name }))
}

export function choicesOf(db: Db, battleId: number): PlayerBattleChoices {
  const r = stmt(db, `SELECT players_side, enemy, dice FROM players_battle WHERE battle_id = ?`).get(battleId) as ChoiceRow | undefined
  const sides = sidesOf(db, battleId)
  // House default: the players fight on the first side, the enemy's numbers approximate, dice as rolled.
  const side = r?.players_side && sides.some((s) => s.side === r.players_side) ? r.players_side : sides[0]!.side
  return { battleId, playersSide: side, enemy: r?.enemy ?? 'approximate', dice: r?.dice ?? 'rolled' }
}

export function playerSettings(db: Db): PlayerSettings {
  const row = screenRow(db)
  const now = shown(db, row)
  const id = now?.kind === 'battle' ? now.id : null
  const voyages = listVoyages(db).map((v) => ({ voyageId: v.id, name: v.name, atSea: v.status === 'atSea' }))
  const v = now?.kind === 'voyage' ? voyages.find((x) => x.voyageId === now.id) : undefined
  return {
    follow: row.follow === 1,
    battleId: row.battle_id,
    voyageId: row.voyage_id,
    showVoyage: row.show_voyage === 1,
    blackout: row.blackout === 1,
    mmPerPx: row.mm_per_px,
    showing: id === null ? null : choicesOf(db, id),
    showingVoyage: v ? { voyageId: v.voyageId, name: v.name } : null,
    voyages,
    sides: id === null ? [] : sidesOf(db, id)
  }
}

export interface PlayerSettingsChange {
  follow?: boolean
  battleId?: number | null
  voyageId?: number | null
  showVoyage?: boolean
  blackout?: boolean
  mmPerPx?: number
  battle?: { battleId: number; playersSide?: string; enemy?: PlayerBattleChoices['enemy']; dice?: PlayerBattleChoices['dice'] }
}

const battleExists = (db: Db, id: number, field: string): void => {
  if (!stmt(db, `SELECT 1 FROM battle WHERE id = ?`).get(id)) throw new CommandError('not_found', 'There is no such battle.', { field })
}

export function setPlayerSettings(db: Db, c: PlayerSettingsChange): PlayerSettings {
  if (c.battleId !== undefined && c.battleId !== null) battleExists(db, c.battleId, 'battleId')
  if (c.voyageId !== undefined && c.voyageId !== null) {
    if (c.battleId !== undefined && c.battleId !== null) {
      throw new CommandError('invalid_input', 'voyageId: choose a battle or a voyage to show, not both.', {
        issues: [{ field: 'voyageId', message: 'choose a battle or a voyage to show, not both' }]
      })
    }
    if (!stmt(db, `SELECT 1 FROM voyage WHERE id = ?`).get(c.voyageId)) throw new CommandError('not_found', 'There is no such voyage.', { field: 'voyageId' })
  }
  if (c.battle) {
    battleExists(db, c.battle.battleId, 'battle.battleId')
    const now = choicesOf(db, c.battle.battleId)
    const side = c.battle.playersSide ?? now.playersSide
    const sides = sidesOf(db, c.battle.battleId)
    if (!sides.some((s) => s.side === side)) {
      throw new CommandError('invalid_input', `battle.playersSide: this battle has no such side (its sides: ${sides.map((s) => s.name).join(', ')}).`, {
        issues: [{ field: 'battle.playersSide', message: 'this battle has no such side' }]
      })
    }
    stmt(db, `INSERT INTO players_battle (battle_id, players_side, enemy, dice) VALUES (?, ?, ?, ?) ON CONFLICT(battle_id) DO UPDATE SET players_side = excluded.players_side, enemy = excluded.enemy, dice = excluded.dice`).run(
      c.battle.battleId,
      side,
      c.battle.enemy ?? now.enemy,
      c.battle.dice ?? now.dice
    )
  }
  const row = screenRow(db)
  // The fixed view shows one thing: a battle chosen clears the voyage chosen, and the other way round.
  const battleId = c.battleId !== undefined ? c.battleId : c.voyageId ? null : row.battle_id
  const voyageId = c.voyageId !== undefined ? c.voyageId : c.battleId ? null : row.voyage_id
  stmt(
    db,
    `INSERT INTO players_screen (id, follow, battle_id, blackout, mm_per_px, show_voyage, voyage_id) VALUES (1, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET follow = excluded.follow, battle_id = excluded.battle_id, blackout = excluded.blackout, mm_per_px = excluded.mm_per_px, show_voyage = excluded.show_voyage, voyage_id = excluded.voyage_id`
  ).run(
    (c.follow ?? row.follow === 1) ? 1 : 0,
    battleId,
    (c.blackout ?? row.blackout === 1) ? 1 : 0,
    c.mmPerPx ?? row.mm_per_px,
    (c.showVoyage ?? row.show_voyage === 1) ? 1 : 0,
    voyageId
  )
  return playerSettings(db)
}

// ─── Conditions ─────────────────────────────────────────────────────────────────────────────────

/** Approximate words for the share of a ship's strength lost (house default bands). */
export function damageWords(lost: number): string {
  if (lost <= 0) return 'unhurt'
  if (lost < 0.34) return 'lightly damaged'
  if (lost < 0.67) return 'damaged'
  return 'badly damaged'
}

type Line = { label: string; value: number; of: number | null }

function condition(ours: boolean, enemy: PlayerBattleChoices['enemy'], lines: Line[], lost: number, extra: string[]): PlayerCondition {
  const words = [damageWords(lost), ...extra].join(', ')
  const shown = ours ? 'exact' : enemy
  if (shown === 'exact') return { shown: 'exact', lines, words }
  if (shown === 'approximate') return { shown: 'approximate', words }
  return { shown: 'hidden' }
}

const deg = (n: number) => Math.round(((n % 360) + 360) % 360)

// ─── Per ruleset ────────────────────────────────────────────────────────────────────────────────

interface Built {
  board: PlayerBattle['board']
  turn: number
  sides: { id: string; name: string }[]
  pieces: PlayerPiece[]
  winnerSide: string | null
  over: boolean
}

function highSeas(setup: BattleSetup, state: BattleState, ch: PlayerBattleChoices): Built {
  const ourIds = setup.participants.filter((p) => p.side === ch.playersSide).map((p) => p.id)
  const pieces = setup.participants.map((p): PlayerPiece => {
    const st = state.participants[p.id]!
    const ours = p.side === ch.playersSide
    let range: string | null = null
    if (!ours) {
      const steps = ourIds.map((o) => state.ranges[pairKey(o, p.id)]).filter((x): x is number => typeof x === 'number')
      if (steps.length) {
        const near = Math.min(...steps)
        range = near < RANGES.length ? RANGES[near]! : 'out of sight'
      }
    }
    const hull = Math.max(0, p.hullPoints - st.hullDamage)
    const rig = Math.max(0, p.riggingPoints - st.riggingDamage)
    const lines: Line[] = [
      { label: 'Hull', value: hull, of: p.hullPoints },
      { label: 'Rigging', value: rig, of: p.riggingPoints },
      { label: 'Crew', value: st.crew, of: null }
    ]
    return {
      name: p.name,
      side: highSeasSideName(p.side),
      ours,
      status: HIGH_SEAS_STATUS[st.status],
      at: null,
      facing: null,
      range,
      condition: condition(ours, ch.enemy, lines, p.hullPoints ? st.hullDamage / p.hullPoints : 0, st.sinkingIn !== null ? ['sinking'] : [])
    }
  })
  const sideIds = [...new Set(setup.participants.map((p) => p.side))]
  return {
    board: { kind: 'bands' },
    turn: state.turn,
    sides: sideIds.map((id) => ({ id, name: highSeasSideName(id) })),
    pieces,
    winnerSide: state.winner,
    over: state.outcome !== 'ongoing'
  }
}

function atrilia(setup: AtriliaSetup, state: AtriliaState, ch: PlayerBattleChoices): Built {
  const sideName = (id: string) => setup.sides.find((s) => s.id === id)?.name ?? id
  const pieces = setup.ships.map((sh): PlayerPiece => {
    const st = state.ships[sh.id]!
    const ours = sh.side === ch.playersSide
    const extra = [st.crippled ? 'crippled' : '', st.fire ? 'on fire' : '', st.sinking ? 'sinking' : ''].filter(Boolean)
    return {
      name: sh.name,
      side: sideName(sh.side),
      ours,
      status: st.status === 'exited' ? 'left the map' : st.status,
      at: st.status === 'afloat' ? { q: st.at.q, r: st.at.r } : null,
      facing: facingBearing(st.facing),
      range: null,
      condition: condition(ours, ch.enemy, [{ label: 'Marines', value: st.marines, of: null }], st.crippled ? 0.5 : 0, extra)
    }
  })
  const hexes = [...setup.land, ...setup.ships.map((s) => s.at)]
  const span = (k: 'q' | 'r') => Math.max(...hexes.map((h) => h[k])) - Math.min(...hexes.map((h) => h[k])) + 1
  return {
    board: { kind: 'hex', cols: span('q'), rows: span('r') },
    turn: state.turn,
    sides: setup.sides.map((s) => ({ id: s.id, name: s.name })),
    pieces,
    winnerSide: state.outcome?.winner ?? null,
    over: state.outcome !== null
  }
}

function galleys(setup: GalleysSetup, state: GalleysState, ch: PlayerBattleChoices): Built {
  const sideName = (id: string) => setup.players.find((p) => p.id === id)?.name ?? id
  const size = setup.size ?? { width: setup.rules.table.width, height: setup.rules.table.height }
  const pieces = setup.ships.map((sh): PlayerPiece => {
    const st = state.ships[sh.id]!
    const ours = sh.player === ch.playersSide
    const of = sh.hullPoints ?? sh.combat
    const extra = [st.criticals.fires > 0 ? 'on fire' : '', st.criticals.holed ? 'holed' : ''].filter(Boolean)
    return {
      name: sh.name,
      side: sideName(sh.player),
      ours,
      status: GALLEYS_STATUS[st.status],
      at: st.status === 'afloat' ? { x: st.at.x, y: st.at.y } : null,
      facing: deg(st.facing),
      range: null,
      condition: condition(ours, ch.enemy, [{ label: 'Hits', value: st.hits, of }], of ? st.hits / of : 0, extra)
    }
  })
  return {
    board: { kind: 'table', width: size.width, height: size.height, unit: 'mm' },
    turn: state.turn,
    sides: setup.players.map((p) => ({ id: p.id, name: p.name })),
    pieces,
    winnerSide: state.outcome?.winner ?? null,
    over: state.outcome !== null
  }
}

function broadsides(setup: BroadsidesSetup, state: BroadsidesState, ch: PlayerBattleChoices): Built {
  const pieces = setup.ships.map((sh): PlayerPiece => {
    const st = state.ships[sh.id]!
    const ours = sh.id === ch.playersSide
    const masts = st.masts.length
    const down = st.masts.filter((m) => m.down).length
    const lines: Line[] = [
      { label: 'Masts standing', value: masts - down, of: masts },
      { label: 'Cannon', value: st.cannon.length, of: null }
    ]
    return {
      name: sh.name,
      side: sh.name,
      ours,
      status: BROADSIDES_STATUS[st.status],
      at: { x: st.at.x, y: st.at.y },
      facing: st.heading * 45,
      range: null,
      condition: condition(ours, ch.enemy, lines, masts ? down / masts : 0, st.status === 'afloat' ? [] : [BROADSIDES_STATUS[st.status]])
    }
  })
  return {
    board: { kind: 'table', width: setup.rules.board.width, height: setup.rules.board.height, unit: 'square' },
    turn: state.turn,
    sides: setup.ships.map((s) => ({ id: s.id, name: s.name })),
    pieces,
    winnerSide: state.outcome?.winner ?? null,
    over: state.outcome !== null
  }
}

/**
 * The procedures whose words the whole table sees, by ruleset: the G&G weather change and the Broadsides
 * wind (where the wind blows from is on the table for all to see; no ship's numbers are in their words).
 */
const PUBLIC_EVENTS: Partial<Record<RulesetId, ReadonlySet<string>>> = { galleys: new Set(['weather']), broadsides: new Set(['wind']) }

/**
 * The rolls of the last step: its events' rolls (or the report's own), faces kept only when the GM shows
 * dice as rolled; the last roll of a public procedure carries its words (what the roll meant).
 */
function lastRolls(db: Db, battleId: number, ruleset: RulesetId, table: 'battle_step' | 'battle_turn' | undefined, dice: PlayerBattleChoices['dice']): PlayerBattle['lastRolls'] {
  const steps = stepsOf<unknown, unknown>(db, battleId, table)
  const last = steps[steps.length - 1]
  if (!last) return []
  const report = last.report as { events?: { kind?: unknown; text?: unknown; rolls?: unknown[] }[]; rolls?: unknown[] }
  const read = (raw: unknown[], means: string | null): PlayerBattle['lastRolls'] => {
    const out = raw.flatMap((r) => {
      const x = r as { purpose?: unknown; dice?: unknown; total?: unknown }
      if (typeof x.purpose !== 'string' || typeof x.total !== 'number') return []
      const faces = Array.isArray(x.dice) ? x.dice.filter((d): d is number => typeof d === 'number') : []
      return [{ purpose: x.purpose, dice: dice === 'rolled' ? faces : null, total: x.total, means: null as string | null }]
    })
    if (means !== null && out.length) out[out.length - 1]!.means = means
    return out
  }
  const open = PUBLIC_EVENTS[ruleset]
  return [
    ...read(report.rolls ?? [], null),
    ...(report.events ?? []).flatMap((e) => read(e.rolls ?? [], open && typeof e.kind === 'string' && open.has(e.kind) && typeof e.text === 'string' ? e.text : null))
  ]
}

export function battlePayload(db: Db, battleId: number, mmPerPx: number): PlayerBattle {
  const def = defOfBattle(db, battleId)
  const b = loadStepped(db, def, battleId)
  const ch = choicesOf(db, battleId)
  const ruleset: RulesetId = def.ruleset.id
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const built: Built =
    ruleset === 'highSeas'
      ? highSeas(b.setup as any, b.state as any, ch)
      : ruleset === 'atrilia'
        ? atrilia(b.setup as any, b.state as any, ch)
        : ruleset === 'galleys'
          ? galleys(b.setup as any, b.state as any, ch)
          : broadsides(b.setup as any, b.state as any, ch)
  /* eslint-enable @typescript-eslint/no-explicit-any */
  const steps = (stmt(db, `SELECT COUNT(*) AS n FROM ${def.stepTable ?? 'battle_step'} WHERE battle_id = ?`).get(battleId) as { n: number }).n
  const winner = built.winnerSide === null ? null : (built.sides.find((s) => s.id === built.winnerSide)?.name ?? null)
  return {
    kind: 'battle',
    ruleset,
    name: b.row.name,
    turn: built.turn,
    steps,
    board: built.board,
    sides: built.sides.map((s) => ({ name: s.name, ours: s.id === ch.playersSide })),
    pieces: built.pieces,
    lastRolls: lastRolls(db, battleId, ruleset, def.stepTable, ch.dice),
    over: built.over || b.row.status === 'concluded',
    winner,
    mmPerPx
  }
}

const VOYAGE_STATUS: Record<string, string> = { atSea: 'at sea', arrived: 'arrived', lost: 'lost' }

/**
 * A voyage's chart for the players, built field by field from the GM's chart: the coasts, the sea areas
 * (name and water), the ports placed (name and place), this voyage's track so far and position, the day.
 * Nothing else of the chart or the voyage is read into it.
 */
export function voyagePayload(db: Db, voyageId: number): PlayerVoyage {
  const chart = chartOf(db)
  const track = chart.voyages.find((v) => v.voyageId === voyageId)
  const summary = listVoyages(db).find((v) => v.id === voyageId)
  if (!track || !summary) throw new CommandError('not_found', 'There is no such voyage.', { field: 'voyageId' })
  const pt = (p: { x: number; y: number }) => ({ x: p.x, y: p.y })
  const days = stmt(db, `SELECT days_at_sea FROM voyage WHERE id = ?`).get(voyageId) as { days_at_sea: number }
  return {
    kind: 'voyage',
    name: summary.name,
    day: labelOf(db)(currentDay(db)),
    daysAtSea: days.days_at_sea,
    status: VOYAGE_STATUS[summary.status] ?? summary.status,
    from: summary.from,
    to: summary.to,
    ships: summary.ships,
    chart: {
      width: chart.settings.width,
      height: chart.settings.height,
      land: chart.land.map((l) => ({ name: l.name, polygon: l.polygon.map(pt) })),
      areas: chart.areas.map((a) => ({ name: a.name, water: waterWords(a.kind), polygon: a.polygon.map(pt) })),
      ports: chart.ports.flatMap((p) => (p.x === null || p.y === null ? [] : [{ name: p.name, x: p.x, y: p.y }]))
    },
    track: track.track.map(pt),
    position: track.position ? pt(track.position) : null
  }
}

/** What the players' screen shows now, checked against its strict schema (nothing else leaves). */
export function playerPayload(db: Db): PlayerPayload {
  const row = screenRow(db)
  if (row.blackout) return PlayerPayload.parse({ kind: 'blackout', text: 'The sea is hidden' })
  const now = shown(db, row)
  if (now === null) return PlayerPayload.parse({ kind: 'nothing', text: 'No battle is being fought.' })
  if (now.kind === 'voyage') return PlayerPayload.parse(voyagePayload(db, now.id))
  return PlayerPayload.parse(battlePayload(db, now.id, row.mm_per_px))
}
