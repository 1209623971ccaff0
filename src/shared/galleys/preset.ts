import { GalleysSetup, type GalleysSetupInput, type ShipSetupInput } from './types'

/**
 * The two scenarios of seed 000, with the ships' stats as the seed gives them (Q, C, traits and, for
 * the duel, points; the Scilly ships have no points in the text, so 0). The pictures are lost: the
 * layouts are house defaults drawn from the text (README rule notes). The table is 900 × 900 mm,
 * north (gauge point 0) at the top edge.
 */

const trait = (name: string, note = '') => ({ name, note })

/** "Assurance vs Constant Reformation": the Pursuit. Constant Reformation must reach the far corner. */
export const ASSURANCE_INPUT: GalleysSetupInput = {
  name: 'Assurance vs Constant Reformation',
  players: [
    { id: 'commonwealth', name: 'Commonwealth' },
    { id: 'royalists', name: 'Royalists' }
  ],
  // "The wind is from the bottom of the picture": from the south, gauge point 8.
  wind: { direction: 8, marker: null },
  terrain: [
    {
      id: 'kinsale',
      kind: 'exit',
      name: 'the way to Kinsale',
      player: 'royalists',
      points: [
        { x: 750, y: 0 },
        { x: 900, y: 0 },
        { x: 900, y: 150 },
        { x: 750, y: 150 }
      ]
    }
  ],
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

const dutch = (id: string, name: string, x: number, y: number, facing: number): ShipSetupInput => ({
  id,
  name,
  player: 'dutch',
  points: 0,
  quality: 3,
  combat: 2,
  traits: [trait('Galleon Rig'), trait('Merchantman'), trait('Razee'), trait('Shallow Draft'), trait('Yare')],
  at: { x, y },
  facing
})
const privateer = (id: string, name: string, c: number, rig: string, razee: boolean, x: number, y: number, facing: number): ShipSetupInput => ({
  id,
  name,
  player: 'privateers',
  points: 0,
  quality: 3,
  combat: c,
  traits: [trait(rig), ...(razee ? [trait('Razee')] : []), trait('Shallow Draft'), trait('Swashbucklers'), trait('Yare')],
  at: { x, y },
  facing
})

/** "Scilly Privateers", the first set-up: the Dutch sail from bottom right to top left, trapped against the land. */
export const SCILLY_LAND_INPUT: GalleysSetupInput = {
  name: 'Scilly Privateers (against the land)',
  players: [
    { id: 'dutch', name: 'Dutch' },
    { id: 'privateers', name: 'Privateers' }
  ],
  wind: { direction: 12, marker: null },
  terrain: [
    {
      id: 'scilly',
      kind: 'shore',
      name: 'Isles of Scilly',
      player: null,
      points: [
        { x: 380, y: 0 },
        { x: 900, y: 0 },
        { x: 900, y: 380 },
        { x: 760, y: 300 },
        { x: 620, y: 180 },
        { x: 480, y: 120 }
      ]
    },
    {
      id: 'rocks',
      kind: 'rocks',
      name: 'rocks',
      player: null,
      points: [
        { x: 300, y: 330 },
        { x: 350, y: 310 },
        { x: 370, y: 360 },
        { x: 320, y: 380 }
      ]
    },
    {
      id: 'dutchExit',
      kind: 'exit',
      name: 'the open sea to the north-west',
      player: 'dutch',
      points: [
        { x: 0, y: 0 },
        { x: 150, y: 0 },
        { x: 150, y: 150 },
        { x: 0, y: 150 }
      ]
    }
  ],
  ships: [
    dutch('curacao', 'Curacao', 700, 640, 315),
    dutch('stBarnabas', 'St. Barnabas', 780, 720, 315),
    dutch('gouda', 'Gouda', 840, 800, 315),
    privateer('clontarf', 'Clontarf', 1, 'Lateen Rig', true, 120, 780, 45),
    privateer('liffey', 'Liffey', 1, 'Lateen Rig', true, 200, 830, 45),
    privateer('stPeter', 'St Peter', 2, 'Square Rig', false, 80, 860, 45)
  ]
}

/** "Scilly Privateers", the second set-up: the Dutch must pass the narrow strait between two islands. */
export const SCILLY_STRAIT_INPUT: GalleysSetupInput = {
  name: 'Scilly Privateers (the narrow strait)',
  players: [
    { id: 'dutch', name: 'Dutch' },
    { id: 'privateers', name: 'Privateers' }
  ],
  wind: { direction: 4, marker: null },
  terrain: [
    {
      id: 'westIsland',
      kind: 'island',
      name: 'west island',
      player: null,
      points: [
        { x: 0, y: 330 },
        { x: 300, y: 300 },
        { x: 360, y: 450 },
        { x: 300, y: 600 },
        { x: 0, y: 580 }
      ]
    },
    {
      id: 'eastIsland',
      kind: 'island',
      name: 'east island',
      player: null,
      points: [
        { x: 560, y: 320 },
        { x: 900, y: 280 },
        { x: 900, y: 620 },
        { x: 600, y: 590 },
        { x: 540, y: 450 }
      ]
    },
    {
      id: 'rocks',
      kind: 'rocks',
      name: 'rocks',
      player: null,
      points: [
        { x: 620, y: 660 },
        { x: 660, y: 650 },
        { x: 670, y: 690 },
        { x: 630, y: 700 }
      ]
    },
    {
      id: 'dutchExit',
      kind: 'exit',
      name: 'beyond the strait',
      player: 'dutch',
      points: [
        { x: 300, y: 0 },
        { x: 600, y: 0 },
        { x: 600, y: 120 },
        { x: 300, y: 120 }
      ]
    }
  ],
  ships: [
    dutch('curacao', 'Curacao', 450, 800, 0),
    dutch('stBarnabas', 'St. Barnabas', 380, 860, 0),
    dutch('gouda', 'Gouda', 520, 860, 0),
    privateer('clontarf', 'Clontarf', 1, 'Lateen Rig', true, 420, 180, 180),
    privateer('liffey', 'Liffey', 1, 'Lateen Rig', true, 500, 200, 180),
    privateer('stPeter', 'St Peter', 2, 'Square Rig', false, 450, 60, 180)
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
