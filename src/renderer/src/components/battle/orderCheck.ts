import type { Battery, BattleSetup, BattleState, ShipOrders } from '../../../../shared/highseas/types'
import { checkOrders, defaultOrders, fireArcs } from '../../../../shared/highseas/engine'
import { batteryName } from '../../../../shared/words'
import { isOut } from './shipNumbers'

/** Plain data (no reactive proxies), safe to clone, compare and send over the bridge. */
export function plain<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T
}

/** The orders as the door takes them: no empty fields, no fire orders for idle batteries. */
export function cleanOrders(o: ShipOrders): ShipOrders {
  const c: ShipOrders = {
    tactic: o.tactic,
    circleAgainst: o.tactic === 'circle' ? [...o.circleAgainst] : [],
    brilliantManeuver: o.brilliantManeuver,
    fire: o.fire.filter((f) => f.target).map((f) => ({ ...f })),
    strike: o.strike,
    clearAnchor: o.clearAnchor
  }
  if (o.tactic === 'bearDown' && o.target) c.target = o.target
  if (o.desperate) c.desperate = o.desperate
  if (o.grapple) c.grapple = o.grapple
  if (o.board) c.board = o.board
  if (o.cutFree) c.cutFree = o.cutFree
  if (o.catchUp) c.catchUp = o.catchUp
  if (o.clearAnchor && o.anchorBy === 'secure') c.anchorBy = 'secure'
  return plain(c)
}

/** JSON with the keys of every object sorted (the same data gives the same text). */
function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`
  if (x && typeof x === 'object') {
    const o = x as Record<string, unknown>
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(x)
}

/** The same orders, once cleaned (a fire order's aim and shot default to hull and round shot, as the door's). */
export function sameOrders(a: ShipOrders, b: ShipOrders): boolean {
  const norm = (o: ShipOrders) => {
    const c = cleanOrders(o)
    return canonical({ ...c, fire: c.fire.map((f) => ({ ...f, aim: f.aim ?? 'hull', shot: f.shot ?? 'ball' })) })
  }
  return norm(a) === norm(b)
}

/** What a ship plays when the turn resolves with no orders given: the engine's default orders. */
export function baseOrders(setup: BattleSetup, state: BattleState, pending: Record<string, ShipOrders>, id: string): ShipOrders {
  return plain(pending[id] ?? defaultOrders(setup, state, id))
}

/** "Sea Dog: the port battery …" → "the port battery …" (the panel shows one ship's orders). */
function unnamed(text: string, name: string): string {
  if (text.startsWith(`${name}: `)) return text.slice(name.length + 2)
  if (text.startsWith(`${name} `)) return `she ${text.slice(name.length + 1)}`
  return text
}

/**
 * Why a battery cannot fire at a ship this turn, by the engine's checks (checkOrders: what ordering it
 * adds; fireArcs: the arcs her own orders give her guns), or null when it may fire. `unless`: it fires
 * only if the maneuvers go her way (the option stays, with the reason beside it).
 */
export function whyNotFire(
  setup: BattleSetup,
  state: BattleState,
  id: string,
  draft: ShipOrders,
  battery: Battery,
  target: string,
  stepTo: number
): { never?: string; unless?: string } | null {
  const me = setup.participants.find((p) => p.id === id)
  if (!me) return null
  const base = cleanOrders(draft)
  const others = base.fire.filter((f) => f.battery !== battery)
  const before = checkOrders(setup, state, id, { ...base, fire: others })
  const old = base.fire.find((f) => f.battery === battery)
  const shot = stepTo === 0 ? (old?.shot ?? 'ball') : 'ball'
  const orders: ShipOrders = { ...base, fire: [...others, { battery, target, aim: old?.aim ?? 'hull', shot }] }
  const after = checkOrders(setup, state, id, orders)
  const added = [...after.problems.filter((t) => !before.problems.includes(t)), ...after.notes.filter((t) => !before.notes.includes(t))]
  if (added.length) return { never: unnamed(added[0]!, me.name) }
  const arc = fireArcs(setup, state, id, orders).find((a) => a.battery === battery)
  if (arc?.never) return { never: arc.never }
  if (arc?.unless) return { unless: arc.unless }
  return null
}

/**
 * What the GM's ships will hold or waste if the turn resolves now, by the engine's checks of each one's
 * orders (the orders given — saved, or changed on the board and saved when the turn resolves — or the
 * engine's default orders).
 */
export function heldThisTurn(setup: BattleSetup, state: BattleState, orders: Record<string, ShipOrders>): string[] {
  const out: string[] = []
  for (const p of setup.participants) {
    if (p.control !== 'gm' || isOut(state.participants[p.id]?.status ?? 'active')) continue
    const o = orders[p.id] ?? defaultOrders(setup, state, p.id)
    const c = checkOrders(setup, state, p.id, o)
    for (const n of [...c.problems, ...c.notes]) out.push(n)
    for (const a of fireArcs(setup, state, p.id, o)) {
      const t = setup.participants.find((x) => x.id === a.target)?.name ?? a.target
      const what = `${p.name}: the ${batteryName(a.battery)} at ${t}`
      if (a.never) out.push(`${what} will hold fire: ${a.never}.`)
      else if (a.unless) out.push(`${what} may hold fire: ${a.unless}.`)
    }
  }
  return out
}
