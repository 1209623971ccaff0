import { BroadsidesSetup, type BroadsidesSetupInput } from './types'

/**
 * Ready-made duels (house defaults: seed 001 gives no scenario). Both ships start three squares in from
 * opposite edges, beam-on to each other's course, with a few reefs between them.
 */

export const FRIGATE_MERCHANTMAN_INPUT: BroadsidesSetupInput = {
  name: 'A frigate overhauls a merchantman',
  seed: 1,
  reefs: [
    { x: 5, y: 2 },
    { x: 6, y: 6 },
    { x: 8, y: 3 }
  ],
  ships: [
    { id: 'frigate', name: 'Swift', class: 'frigate', at: { x: 4, y: 8 }, heading: 2 },
    { id: 'merchant', name: 'Good Hope', class: 'merchantman', at: { x: 20, y: 10 }, heading: 6 }
  ]
}

export const FRIGATES_INPUT: BroadsidesSetupInput = {
  name: 'Two frigates',
  seed: 1,
  reefs: [{ x: 6, y: 4 }],
  ships: [
    { id: 'red', name: 'Intrepid', class: 'frigate', at: { x: 4, y: 6 }, heading: 2 },
    { id: 'blue', name: 'Fortune', class: 'frigate', at: { x: 20, y: 12 }, heading: 6 }
  ]
}

export const BROADSIDES_PRESETS = { frigateMerchantman: FRIGATE_MERCHANTMAN_INPUT, frigates: FRIGATES_INPUT }
export type BroadsidesPreset = keyof typeof BROADSIDES_PRESETS
export const BROADSIDES_PRESET_NAMES: Record<BroadsidesPreset, string> = {
  frigateMerchantman: 'A frigate overhauls a merchantman',
  frigates: 'Two frigates'
}
export function broadsidesPreset(key: BroadsidesPreset, seed = 1): BroadsidesSetup {
  return BroadsidesSetup.parse({ ...BROADSIDES_PRESETS[key], seed })
}
