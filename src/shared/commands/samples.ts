import { z } from 'zod'
import { SAMPLE_IDS } from '../samples'

/** The schema of a sample's id (the samples themselves: ../samples.ts). */
export { DEFAULT_SAMPLE, SAMPLE_CAMPAIGNS, SAMPLE_IDS, type SampleCampaign } from '../samples'
export const SampleId = z.enum(SAMPLE_IDS)
export type SampleId = z.infer<typeof SampleId>
