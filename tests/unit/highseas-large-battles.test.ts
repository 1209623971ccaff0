/**
 * seed 003, VI. Large Battles rule 3: "A ship must remain within sighting distance of at least one
 * other ship involved in the combat to stay in the battle." Random AI battles of 3 to 5 ships must
 * all end; a ship out of sight of every other ship leaves at the end of the turn.
 */
import { describe, expect, it } from 'vitest'
import { ordersForTurn } from '../../src/shared/highseas/ai'
import { fastDice, resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import { defaultBehaviour } from '../../src/shared/highseas/generate'
import type { BattleSetup, BattleState, CrewKind, Range, Weather } from '../../src/shared/highseas/types'
import type { Hull } from '../../src/shared/ship/design'
import { battle, ship } from '../highseas-fixtures'

const HULLS: Hull[] = ['corsair', 'smallWarship', 'merchantman', 'largeWarship', 'galleon']
const CREWS: CrewKind[] = ['merchant', 'naval', 'privateer', 'pirate']
const RANGES: Range[] = ['close', 'short', 'medium', 'long', 'far', 'extreme']
const WEATHERS: Weather[] = ['clear', 'clear', 'rough', 'storm', 'fog']

/** mulberry32: the test's own deterministic choices of ships. */
function chooser(seed: number) {
  let a = seed >>> 0
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (((t ^ (t >>> 14)) >>> 0) % n) as number
  }
}

/** A random battle of 3–5 ships on two sides, every ship under the AI, behaviours by hull and crew. */
export function randomBattle(seed: number): BattleSetup {
  const pick = chooser(seed)
  const n = 3 + pick(3)
  const parts = []
  for (let i = 0; i < n; i++) {
    const hull = HULLS[pick(HULLS.length)]!
    const crewKind = CREWS[pick(CREWS.length)]!
    const side = i === 0 ? 'A' : i === 1 ? 'B' : pick(2) ? 'A' : 'B'
    parts.push(ship(`s${i}`, hull, pick(2) ? 'heavy' : 'light', { side, crewKind, behaviour: defaultBehaviour(hull, crewKind) }))
  }
  return battle(parts, { range: RANGES[pick(RANGES.length)]!, weather: WEATHERS[pick(WEATHERS.length)]!, seed })
}

function playOut(su: BattleSetup, maxTurns: number): { state: BattleState; turns: number } {
  let st = startBattle(su)
  const dice = fastDice(st.rng)
  let turns = 0
  while (st.outcome === 'ongoing' && turns < maxTurns) {
    st = resolveTurn(su, st, ordersForTurn(su, st, {}, { allAi: true }), dice, { trace: false }).state
    turns++
  }
  return { state: st, turns }
}

describe('seed 003 VI, Large Battles rule 3: every battle ends', () => {
  it('seed 003 VI Large Battles 3: 1,000 random AI battles of 3–5 ships are all decided within 100 turns (0% undecided)', () => {
    let undecided = 0
    const stuck: number[] = []
    for (let s = 1; s <= 1000; s++) {
      const r = playOut(randomBattle(s), 100)
      if (r.state.outcome === 'ongoing') {
        undecided++
        if (stuck.length < 10) stuck.push(s)
      }
    }
    console.log(`undecided after 100 turns: ${undecided} of 1000`, stuck)
    expect(stuck).toEqual([])
  })
})
