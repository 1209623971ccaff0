/** Helpers for the High Seas engine tests (seed 003 IV–VI). */
import type { Hull } from '../../src/shared/ship/design'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import type { DiceSpec } from '../../src/shared/dice/notation'
import { boxDice, resolveTurn, startBattle, type DiceSource } from '../../src/shared/highseas/engine'
import {
  BattleSetup,
  ShipOrders,
  TurnOrders,
  type BattleSetupInput,
  type BattleState,
  type ParticipantSetup,
  type ParticipantSetupInput,
  type ShipOrdersInput,
  type TurnOrdersInput
} from '../../src/shared/highseas/types'
import { ship as fixtureShip, fort as fixtureFort } from '../highseas-fixtures'

/** Dice typed by hand, in order; running out is NeedsDice. */
export function faces(...f: number[]): DiceSource {
  return boxDice(new DiceBox(new Rng(seedState(1)), f, 'manual'))
}

/** Dice from a seed, recording every roll's purpose and faces (for debugging a test). */
export function recorded(seed = 1): DiceSource & { log: { purpose: string; dice: number[]; total: number }[] } {
  const box = new DiceBox(new Rng(seedState(seed)))
  const log: { purpose: string; dice: number[]; total: number }[] = []
  return {
    log,
    roll(spec: DiceSpec, purpose: string) {
      const r = box.roll(spec, purpose)
      log.push({ purpose, dice: r.dice, total: r.total })
      return { dice: r.dice, total: r.total, manual: r.manual }
    },
    rngState: () => box.rngState()
  }
}

/** A ship without a captain (no Brilliant Maneuver rolls) unless one is given. */
export function ship(id: string, hull: Hull, side: string, extra: Partial<ParticipantSetupInput> = {}): ParticipantSetup {
  return fixtureShip(id, hull, 'heavy', { side, extra: { captain: undefined, control: 'gm', ...extra } })
}
export function fort(id: string, side: string, extra: Partial<ParticipantSetupInput> = {}): ParticipantSetup {
  return fixtureFort(id, 'small', { side, extra: { control: 'gm', ...extra } })
}

export function setup(participants: ParticipantSetup[], opts: Partial<BattleSetupInput> = {}): BattleSetup {
  return BattleSetup.parse({ name: 'Test', participants, range: 'medium', seed: 1, ...opts })
}

export function o(x: Partial<ShipOrdersInput> = {}): ShipOrders {
  return ShipOrders.parse({ tactic: 'circle', brilliantManeuver: false, ...x })
}

export function turn(ships: Record<string, Partial<ShipOrdersInput>>, extra: Partial<TurnOrdersInput> = {}): TurnOrders {
  const s: Record<string, ShipOrdersInput> = {}
  for (const [k, v] of Object.entries(ships)) s[k] = { tactic: 'circle', brilliantManeuver: false, ...v }
  return TurnOrders.parse({ ships: s, ...extra })
}

/** Resolve one turn with hand-typed faces (trace on). */
export function step(su: BattleSetup, st: BattleState, ships: Record<string, Partial<ShipOrdersInput>>, f: number[], extra: Partial<TurnOrdersInput> = {}) {
  return resolveTurn(su, st, turn(ships, extra), faces(...f))
}

export function range(st: BattleState, a: string, b: string): number {
  return st.ranges[a < b ? `${a}|${b}` : `${b}|${a}`]!
}

/** A state with some fields changed (tests start from positions). */
export function withState(su: BattleSetup, patch: (s: BattleState) => void): BattleState {
  const s = structuredClone(startBattle(su))
  patch(s)
  return s
}

export function texts(r: { report: { events: { text: string }[] } }): string {
  return r.report.events.map((e) => e.text).join('\n')
}
