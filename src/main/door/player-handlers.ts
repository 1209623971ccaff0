import type { playerContracts } from '../../shared/commands/players'
import { playerPayload, playerSettings, setPlayerSettings } from '../players/payload'
import { closePlayersLan, playersLinkToken } from '../players/lan'
import type { HandlerSpec } from './types'

type PlayerHandlers = { [N in keyof typeof playerContracts]: HandlerSpec<N> }

/** The players' screen (issue 21): its settings and the payload the player page draws (src/main/players/payload.ts). */
export const playerHandlers: PlayerHandlers = {
  'players.settings': { kind: 'read', run: ({ campaign: { db } }) => playerSettings(db) },
  'players.set': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => setPlayerSettings(db, input),
    describe: (input) =>
      input.blackout === true
        ? "Hid the sea from the players' screen"
        : input.blackout === false
          ? "Showed the sea on the players' screen again"
          : "Changed what the players' screen shows"
  },
  'players.payload': { kind: 'read', run: ({ campaign: { db } }) => playerPayload(db) },
  'players.link': { kind: 'app', run: () => ({ token: playersLinkToken() }) },
  'players.closeLan': { kind: 'app', run: async () => ({ closed: await closePlayersLan() }) }
}
