import type { BroadsidesBattleReview } from '../../shared/commands/battles'
import { damagedRows } from '../../shared/broadsides/cannon-fire'
import type { BroadsidesSetup, BroadsidesState } from '../../shared/broadsides/types'
import type { Db } from '../campaign/sqlite'
import { concludeStepped, loadStepped } from './stepped'
import { BROADSIDES_STEPPED } from './broadsides'
import { plural, theBattle } from './rows'
import { convertedReview } from './conversion'

/**
 * The review of a Broadsides duel (issue 20): read-only, each ship's fate (afloat, sunk, struck, wiped
 * out) with her hull tokens, masts, guns and crew in words. There is no campaign adapter for this ruleset
 * yet: concluding writes the battle's status only.
 */

const FATE_WORDS = { afloat: 'Afloat', sunk: 'Sunk', struck: 'Struck', wiped: 'Her crew wiped out' } as const

export function reviewBroadsidesBattle(db: Db, battleId: number): BroadsidesBattleReview {
  const b = loadStepped<BroadsidesSetup, BroadsidesState, unknown>(db, BROADSIDES_STEPPED, battleId)
  const winner = b.state.outcome?.winner ? (b.setup.ships.find((s) => s.id === b.state.outcome!.winner)?.name ?? null) : null
  const start = BROADSIDES_STEPPED.ruleset.start(b.setup, b.setup.seed)
  const stored = convertedReview(db, battleId)
  return {
    ruleset: 'broadsides',
    battleId,
    concluded: b.row.status === 'concluded',
    winner,
    lines: b.setup.ships.map((s) => {
      const st = b.state.ships[s.id]!
      const rows = Math.max(damagedRows(st.hull.port), damagedRows(st.hull.starboard))
      const down = st.masts.filter((m) => m.down).map((m) => m.name)
      const crew = b.state.units.filter((u) => u.side === s.id).length
      const bits = [
        `${plural(rows, 'row')} holed on her worse side`,
        down.length ? `the ${down.join(' and ')} mast${down.length === 1 ? '' : 's'} down` : 'her masts standing',
        `${st.cannon.length} of ${start.ships[s.id]!.cannon.length} guns`,
        `${crew} of ${start.units.filter((u) => u.side === s.id).length} crew and officers`
      ]
      return { ship: s.id, name: s.name, shipId: stored?.lines.find((l) => l.ship === s.id)?.shipId ?? null, fate: st.status, text: `${FATE_WORDS[st.status]} (${bits.join(', ')})` }
    }),
    campaign: stored
  }
}

/** Conclude a Broadsides duel: its status only (nothing is written back to the campaign yet). */
export function concludeBroadsidesBattle(db: Db, battleId: number): { battleId: number; said: string } {
  const out = concludeStepped(db, BROADSIDES_STEPPED, battleId)
  const review = reviewBroadsidesBattle(db, battleId)
  return { battleId: out.battleId, said: `Concluded ${theBattle(out.name)}${review.winner ? `, won by the ${review.winner}` : ''} (nothing written to the campaign)` }
}
