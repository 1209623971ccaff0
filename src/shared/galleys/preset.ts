import { GalleysSetup, type GalleysSetupInput, type ShipSetupInput } from './types'

/**
 * The two scenarios of seed 000, with the ships' stats as the seed gives them (Q, C, traits and, for
 * the duel, points; the Scilly ships have no points in the text, so 0). The pictures are lost: the
 * layouts are house defaults drawn from the text (README rule notes). The table is 900 × 900 mm,
 * north (gauge point 0) at the top edge.
 */

const trait = (name: string, note = '') => ({ name, note })

type At = [x: number, y: number]
type TerrainInput = NonNullable<GalleysSetupInput['terrain']>[number]

/** A piece of terrain from its corners, in mm from the table's top-left corner. */
const area = (id: string, kind: TerrainInput['kind'], name: string, player: string | null, corners: At[]): TerrainInput => ({
  id,
  kind,
  name,
  player,
  points: corners.map(([x, y]) => ({ x, y }))
})

/** "Assurance vs Constant Reformation": the Pursuit. Constant Reformation must reach the far corner. */
export const ASSURANCE_INPUT: GalleysSetupInput = {
  name: 'Assurance vs Constant Reformation',
  players: [
    { id: 'commonwealth', name: 'Commonwealth' },
    { id: 'royalists', name: 'Royalists' }
  ],
  // "The wind is from the bottom of the picture": from the south, gauge point 8.
  wind: { direction: 8, marker: null },
  terrain: [area('kinsale', 'exit', 'the way to Kinsale', 'royalists', [[750, 0], [900, 0], [900, 150], [750, 150]])],
  ships: [
    {
      id: 'assurance',
      name: 'Assurance',
      player: 'commonwealth',
      points: 36,
      quality: 3,
      combat: 3,
      traits: [trait('Square Rigged'), trait('Drilled Soldiers')],
      at: { x: 700, y: 760 },
      facing: 315
    },
    {
      id: 'constantReformation',
      name: 'Constant Reformation',
      player: 'royalists',
      points: 36,
      quality: 4,
      combat: 3,
      traits: [trait('Square Rig'), trait('Trained Gun Crews'), trait('Charismatic', 'The leadership and morale effect of Prince Rupert.')],
      at: { x: 120, y: 780 },
      facing: 45
    }
  ]
}

/** The Scilly ships, the same in both set-ups (Q 3, no points): each side's ships in the order given, placed per set-up. */
const SCILLY_SHIPS = {
  dutch: [
    { id: 'curacao', name: 'Curacao', combat: 2, rig: 'Galleon Rig', razee: true },
    { id: 'stBarnabas', name: 'St. Barnabas', combat: 2, rig: 'Galleon Rig', razee: true },
    { id: 'gouda', name: 'Gouda', combat: 2, rig: 'Galleon Rig', razee: true }
  ],
  privateers: [
    { id: 'clontarf', name: 'Clontarf', combat: 1, rig: 'Lateen Rig', razee: true },
    { id: 'liffey', name: 'Liffey', combat: 1, rig: 'Lateen Rig', razee: true },
    { id: 'stPeter', name: 'St Peter', combat: 2, rig: 'Square Rig', razee: false }
  ]
} as const
/** The traits of a side's ships after the rig and the razee: the Dutch are merchantmen, the privateers swashbucklers. */
const SCILLY_TRAITS = { dutch: ['Merchantman'], privateers: [] } as const
const SCILLY_AFTER_RAZEE = { dutch: ['Shallow Draft', 'Yare'], privateers: ['Shallow Draft', 'Swashbucklers', 'Yare'] } as const

/** One side's Scilly ships at `at` (in the order of SCILLY_SHIPS), all with the same facing. */
function scillySide(player: keyof typeof SCILLY_SHIPS, at: [At, At, At], facing: number): ShipSetupInput[] {
  return SCILLY_SHIPS[player].map((ship, i) => ({
    id: ship.id,
    name: ship.name,
    player,
    points: 0,
    quality: 3,
    combat: ship.combat,
    traits: [ship.rig, ...SCILLY_TRAITS[player], ...(ship.razee ? ['Razee'] : []), ...SCILLY_AFTER_RAZEE[player]].map((t) => trait(t)),
    at: { x: at[i]![0], y: at[i]![1] },
    facing
  }))
}

const SCILLY_PLAYERS = [
  { id: 'dutch', name: 'Dutch' },
  { id: 'privateers', name: 'Privateers' }
]

/** "Scilly Privateers", the first set-up: the Dutch sail from bottom right to top left, trapped against the land. */
export const SCILLY_LAND_INPUT: GalleysSetupInput = {
  name: 'Scilly Privateers (against the land)',
  players: SCILLY_PLAYERS,
  wind: { direction: 12, marker: null },
  terrain: [
    area('scilly', 'shore', 'Isles of Scilly', null, [[380, 0], [900, 0], [900, 380], [760, 300], [620, 180], [480, 120]]),
    area('rocks', 'rocks', 'rocks', null, [[300, 330], [350, 310], [370, 360], [320, 380]]),
    area('dutchExit', 'exit', 'the open sea to the north-west', 'dutch', [[0, 0], [150, 0], [150, 150], [0, 150]])
  ],
  ships: [
    ...scillySide('dutch', [[700, 640], [780, 720], [840, 800]], 315),
    ...scillySide('privateers', [[120, 780], [200, 830], [80, 860]], 45)
  ]
}

/** "Scilly Privateers", the second set-up: the Dutch must pass the narrow strait between two islands. */
export const SCILLY_STRAIT_INPUT: GalleysSetupInput = {
  name: 'Scilly Privateers (the narrow strait)',
  players: SCILLY_PLAYERS,
  wind: { direction: 4, marker: null },
  terrain: [
    area('westIsland', 'island', 'west island', null, [[0, 330], [300, 300], [360, 450], [300, 600], [0, 580]]),
    area('eastIsland', 'island', 'east island', null, [[560, 320], [900, 280], [900, 620], [600, 590], [540, 450]]),
    area('rocks', 'rocks', 'rocks', null, [[620, 660], [660, 650], [670, 690], [630, 700]]),
    area('dutchExit', 'exit', 'beyond the strait', 'dutch', [[300, 0], [600, 0], [600, 120], [300, 120]])
  ],
  ships: [
    ...scillySide('dutch', [[450, 800], [380, 860], [520, 860]], 0),
    ...scillySide('privateers', [[420, 180], [500, 200], [450, 60]], 180)
  ]
}

export const GALLEYS_PRESETS = {
  assurance: ASSURANCE_INPUT,
  scillyLand: SCILLY_LAND_INPUT,
  scillyStrait: SCILLY_STRAIT_INPUT
} as const
export type GalleysPreset = keyof typeof GALLEYS_PRESETS
export const GALLEYS_PRESET_NAMES: Record<GalleysPreset, string> = {
  assurance: 'Assurance vs Constant Reformation',
  scillyLand: 'Scilly Privateers (against the land)',
  scillyStrait: 'Scilly Privateers (the narrow strait)'
}

export function galleysPreset(key: GalleysPreset, seed = 1): GalleysSetup {
  return GalleysSetup.parse({ ...GALLEYS_PRESETS[key], seed })
}
