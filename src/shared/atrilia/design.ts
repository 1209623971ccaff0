import { z } from 'zod'

/**
 * An Atrilian ship's design (seed 002 §2, issue 18): the catalogue type, the improvements of §2.4 and
 * the baghla's upgrade to size 1. A ship of an Atrilia campaign stores this as her `design` (JSON), as a
 * Théah ship stores her hull and options; `ships.quote` and `ships.commission` take it there.
 */
export const ATRILIAN_SHIP_TYPES = [
  'pheacianLargeGalley',
  'gyptianLargeGalley',
  'smallGalley',
  'liburnianGalley',
  'baghla',
  'sambuk',
  'zaruq',
  'ndogoLargePirogue',
  'standardPirogue',
  'kleshiteSmallPirogue'
] as const
export const AtrilianShipTypeKey = z.enum(ATRILIAN_SHIP_TYPES)
export type AtrilianShipTypeKey = z.output<typeof AtrilianShipTypeKey>

export const AtrilianImprovements = z
  .object({
    corvus: z.boolean().optional(),
    ballista: z.boolean().optional(),
    catapult: z.boolean().optional(),
    ram: z.boolean().optional(),
    castle: z.boolean().optional()
  })
  .strict()
export type AtrilianImprovements = z.output<typeof AtrilianImprovements>

export const AtrilianDesign = z
  .object({
    type: AtrilianShipTypeKey,
    improvements: AtrilianImprovements.default({}),
    /** The baghla improved to size 1 (§2.2). */
    improved: z.boolean().optional()
  })
  .strict()
export type AtrilianDesign = z.output<typeof AtrilianDesign>
