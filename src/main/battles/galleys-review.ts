import type { GalleysBattleReview } from '../../shared/commands/battles'
import { playerName } from '../../shared/galleys/engine'
import { STATUS_NAMES, type GalleysSetup, type GalleysState } from '../../shared/galleys/types'
import type { Db } from '../campaign/sqlite'
import { concludeStepped, loadStepped } from './stepped'
import { GALLEYS_STEPPED } from './galleys'
import { plural, theBattle } from './rows'
import { convertedReview } from './conversion'

/**
 * The review of a Galleys & Galleons battle (issue 19): read-only, each ship's fate as the table left
 * her (afloat, struck, sunk, exploded, crashed, exited) with her hits and criticals in words. There is
 * no campaign adapter for this table yet: concluding writes the battle's status only.
 */

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export function reviewGalleysBattle(db: Db, battleId: number): GalleysBattleReview {
  const b = loadStepped<GalleysSetup, GalleysState, unknown>(db, GALLEYS_STEPPED, battleId)
  const winner = b.state.outcome?.winner ? playerName(b.setup, b.state.outcome.winner) : null
  return {
    ruleset: 'galleys',
    battleId,
    concluded: b.row.status === 'concluded',
    winner,
    lines: b.setup.ships.map((s) => {
      const st = b.state.ships[s.id]!
      const c = st.criticals
      const bits = [plural(st.hits, 'hit')]
      if (c.holed) bits.push('holed')
      if (c.fires) bits.push(plural(c.fires, 'fire'))
      if (c.captain) bits.push('her captain killed')
      if (c.rudder) bits.push(plural(c.rudder, 'rudder hit'))
      if (c.rigging) bits.push(plural(c.rigging, 'rigging hit'))
      return {
        ship: s.id,
        name: s.name,
        shipId: s.shipId ?? null,
        player: s.player,
        playerName: playerName(b.setup, s.player),
        fate: st.status,
        hits: st.hits,
        text: `${capital(STATUS_NAMES[st.status])} (${bits.join(', ')})`
      }
    }),
    campaign: convertedReview(db, battleId)
  }
}

/** Conclude a Galleys & Galleons battle: its status only (nothing is written back to the campaign yet). */
export function concludeGalleysBattle(db: Db, battleId: number): { battleId: number; said: string } {
  const out = concludeStepped(db, GALLEYS_STEPPED, battleId)
  const review = reviewGalleysBattle(db, battleId)
  return { battleId: out.battleId, said: `Concluded ${theBattle(out.name)}${review.winner ? `, won by the ${review.winner}` : ''} (nothing written to the campaign)` }
}
