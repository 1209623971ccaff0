import type { Setting } from './commands/schemas'

/**
 * The bundled sample campaigns (made by the scripts in resources/sample/): what the start screen offers
 * and `campaigns.openSample` opens by id. The Tortuga Run is the default (the first start opens it).
 * Plain data with no schema, so the start screen loads without the command table (its schema is in
 * ./commands/samples.ts).
 */
export const SAMPLE_IDS = ['alZabdiyat', 'tortugaRun'] as const
export type SampleId = (typeof SAMPLE_IDS)[number]
export const DEFAULT_SAMPLE: SampleId = 'tortugaRun'

export interface SampleCampaign {
  id: SampleId
  name: string
  setting: Setting
  /** What the start screen says of it. */
  description: string
}

/** In the order the start screen shows them. */
export const SAMPLE_CAMPAIGNS: readonly SampleCampaign[] = [
  {
    id: 'tortugaRun',
    name: 'The Tortuga Run',
    setting: 'theah',
    description: 'Four heroes, their purses and ship funds, two ships in port, and the Théah chart with its colonies and sea lanes.'
  },
  {
    id: 'alZabdiyat',
    name: 'The al-Zabdiyat Campaign',
    setting: 'atrilia',
    description:
      'A Pheacian fleet of galleys and a Meshuesh squadron of equal war-gaming size, bought in dinars, with marines and wizards aboard, on the coasts around al-Zabdiyat.'
  }
]
