/**
 * `npx vitest bench --run bench/highseas.bench.ts`: the odds simulator's speed on one core.
 *
 *  - "duel": a heavily armed pirate Corsair against a heavily armed Merchantman, both under the AI,
 *    fastDice, trace off, from Extreme range until decided or 60 turns (the simulator's loop).
 *  - "rng floor": drawing, with the same generator, as many d10 faces as a duel draws on average
 *    (counted first with a counting DiceSource). The ratio duel / floor is printed at the end;
 *    the goal is ≥ 100,000 duels/s and ≤ 3× the floor. `npx tsx scripts/bench-duels.ts` prints the same.
 */
import { afterAll, bench, describe } from 'vitest'
import { duel, duelSetup, faceDrawer, facesPerDuel } from '../scripts/bench-duels'

const { setup, start } = duelSetup()
const { faces, turns } = facesPerDuel(setup, start, 2000)
const perDuel = Math.max(1, Math.round(faces))
let i = 0
let sink = 0
const drawFaces = faceDrawer()

describe(`High Seas duel (${turns.toFixed(1)} turns, ${perDuel} faces drawn on average)`, () => {
  bench('duel: Corsair vs heavy Merchantman, AI both sides', () => {
    duel(setup, start, i++)
  })
  bench(`rng floor: ${perDuel} d10 faces, same generator`, () => {
    sink += drawFaces(perDuel)
  })
  afterAll(() => {
    if (sink === -1) console.log('')
  })
})
