import { fromOffset, parseLabel, type Hex } from './hex'
import { AtriliaSetup, type AtriliaSetupInput, type ShipSetupInput } from './types'

/**
 * "The first battle of al-Zabdiyat" (seed 002 §12: "two sample fleets taken from the first battle
 * of al-Zabdiyat which took place off the coast of the island of al-Zabdiyat in 1st Akhet, 2L").
 * The fleet lists were images the seed lost; rules guide §3 says to build them from the ship list: a
 * Pheacian fleet of galleys against a Meshuesh fleet of equal war-gaming size. House default:
 * each fleet is two large galleys and two small galleys (size 10 a side); green crews (the FAQ's
 * one-off reading) with a veteran flagship; two points of marines aboard each (the most a large
 * ship holds at the end of a turn, §7.4); the Pheacians have a corvus on each large galley and a
 * flaming ballista on their flagship, the Meshuesh a castle on their flagship, a spear ballista and
 * a catapult. The island's coast runs down the east side of the map (columns K–L, rows 5–13).
 * The Pheacians are listed first and move first (§3.3).
 */

const at = (l: string): Hex => parseLabel(l)!

const island: Hex[] = []
for (let row = 4; row <= 12; row++) island.push(fromOffset(11, row))
for (let row = 6; row <= 10; row++) island.push(fromOffset(10, row))

const ship = (s: ShipSetupInput): ShipSetupInput => s

export const AL_ZABDIYAT_INPUT: AtriliaSetupInput = {
  name: 'The first battle of al-Zabdiyat',
  sides: [
    { id: 'pheacians', name: 'Pheacians', nation: 'pheacian' },
    { id: 'meshuesh', name: 'Meshuesh', nation: 'meshuesh' }
  ],
  ships: [
    ship({ id: 'thalassa', name: 'Thalassa', side: 'pheacians', type: 'pheacianLargeGalley', size: 3, crewQuality: 3, at: at('D4'), facing: 4, corvus: true, ballista: 'flaming', marines: 2 }),
    ship({ id: 'nausikaa', name: 'Nausikaa', side: 'pheacians', type: 'pheacianLargeGalley', size: 3, crewQuality: 2, at: at('F4'), facing: 4, corvus: true, marines: 2 }),
    ship({ id: 'skylla', name: 'Skylla', side: 'pheacians', type: 'smallGalley', size: 2, crewQuality: 2, at: at('B3'), facing: 4, marines: 2 }),
    ship({ id: 'phaiax', name: 'Phaiax', side: 'pheacians', type: 'smallGalley', size: 2, crewQuality: 2, at: at('H3'), facing: 4, marines: 2 }),
    ship({ id: 'wadjwer', name: 'Wadj-wer', side: 'meshuesh', type: 'gyptianLargeGalley', size: 3, crewQuality: 3, at: at('E15'), facing: 1, castle: true, catapult: true, marines: 2 }),
    ship({ id: 'sekhmet', name: 'Sekhmet', side: 'meshuesh', type: 'gyptianLargeGalley', size: 3, crewQuality: 2, at: at('G15'), facing: 1, ballista: 'spear', marines: 2 }),
    ship({ id: 'apophis', name: 'Apophis', side: 'meshuesh', type: 'smallGalley', size: 2, crewQuality: 2, at: at('C16'), facing: 1, marines: 2 }),
    ship({ id: 'horus', name: 'Horus', side: 'meshuesh', type: 'smallGalley', size: 2, crewQuality: 2, at: at('I16'), facing: 1, marines: 2 })
  ],
  land: island,
  seed: 1
}

export function alZabdiyat(seed = 1): AtriliaSetup {
  return AtriliaSetup.parse({ ...AL_ZABDIYAT_INPUT, seed })
}

export const ATRILIA_PRESETS = [{ id: 'alZabdiyat', name: 'The first battle of al-Zabdiyat', setup: alZabdiyat }] as const
