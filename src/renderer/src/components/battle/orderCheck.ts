import type { BattleSetup, BattleState, ShipOrders } from '../../../../shared/highseas/types'
import { checkOrders, defaultOrders } from '../../../../shared/highseas/engine'
import { isOut } from './shipNumbers'

/** The engine's words about orders, with each ship named (its texts sometimes carry a participant's id). */
export function namedText(setup: BattleSetup, text: string): string {
  let out = text
  for (const p of setup.participants) {
    out = out.split(`(${p.id})`).join(`(the ${p.name})`).split(`"${p.id}"`).join(`the ${p.name}`)
  }
  return out
}

/**
 * What the GM's ships will hold or waste this turn, by the engine's check of each one's orders: the
 * orders given (saved, or the draft on screen that the board saves before resolving), or the default orders.
 */
export function heldThisTurn(setup: BattleSetup, state: BattleState, pending: Record<string, ShipOrders>): string[] {
  const out: string[] = []
  for (const p of setup.participants) {
    if (p.control !== 'gm' || isOut(state.participants[p.id]?.status ?? 'active')) continue
    const orders = pending[p.id] ?? defaultOrders(setup, state, p.id)
    for (const n of checkOrders(setup, state, p.id, orders).notes) out.push(namedText(setup, n))
  }
  return out
}
