import type { Term } from '../battle/ruleset'
import type { BroadsidesMelee, BroadsidesOfficers, Officer } from './tables'
import { OFFICER_NAMES } from './tables'

/**
 * Hand to hand (seed 001 "Boarding Action"): "Attacking player rolls 1 die and adds +1 for each attacking
 * crew, + bonuses for attacking officers. Defending player rolls 1 die and adds +1 for each crew in the
 * defending space, +1 if defending top of a ladder, +1 if defending a higher deck from a boarding action, +
 * bonuses for defending officers. Loser removes units equal to the difference in the combat values."
 * Reading: every unit counts as crew (officers too, then their bonus on top); a tie removes nobody.
 */

export interface MeleeSide {
  roll: number
  /** Every unit in the space, officers included. */
  crew: number
  officers: readonly Officer[]
}
export interface MeleeResult {
  attack: number
  defence: number
  loser: 'attacker' | 'defender' | null
  losses: number
  attackTerms: Term[]
  defenceTerms: Term[]
}

export function melee(m: BroadsidesMelee, o: BroadsidesOfficers, attacker: MeleeSide, defender: MeleeSide & { topOfLadder: boolean; higherDeck: boolean }): MeleeResult {
  const side = (s: MeleeSide): Term[] => [
    { label: 'die', value: s.roll },
    { label: `${s.crew} unit${s.crew === 1 ? '' : 's'} in the space`, value: s.crew * m.perCrew },
    ...s.officers.map((k) => ({ label: OFFICER_NAMES[k], value: o.melee[k] }))
  ]
  const attackTerms = side(attacker)
  const defenceTerms = side(defender)
  if (defender.topOfLadder) defenceTerms.push({ label: 'defending the top of a ladder', value: m.topOfLadder })
  if (defender.higherDeck) defenceTerms.push({ label: 'defending a higher deck from a boarding', value: m.higherDeck })
  const sum = (t: Term[]) => t.reduce((a, b) => a + b.value, 0)
  const attack = sum(attackTerms)
  const defence = sum(defenceTerms)
  const loser = attack > defence ? 'defender' : defence > attack ? 'attacker' : null
  return { attack, defence, loser, losses: Math.abs(attack - defence), attackTerms, defenceTerms }
}

/**
 * Rules guide §5, Surrender: "a side whose crew (officers included) falls below a third of the enemy's
 * aboard the same ship, or whose captain is killed with no first mate left, strikes." Reading: counted on
 * her own ship, once the enemy is aboard; the share is the melee table's (in thirds), and the words say it.
 */
/** The melee table's share of the boarders a side must keep aboard, in words ("a third of the boarders"). */
const SHARE_WORDS: Record<number, string> = { 0: 'none of the boarders', 1: 'a third of the boarders', 2: 'two thirds of the boarders', 3: 'the boarders' }

export function strikes(m: BroadsidesMelee, own: number, enemy: number, captain: boolean, firstMate: boolean): { strikes: boolean; why: string | null } {
  if (!captain && !firstMate) return { strikes: true, why: 'her captain is killed with no first mate left' }
  if (enemy > 0 && own * 3 < enemy * m.strikeBelowThirds) return { strikes: true, why: `her crew aboard (${own}) is below ${SHARE_WORDS[m.strikeBelowThirds]} (${enemy})` }
  return { strikes: false, why: null }
}
