/**
 * `npm run sample -- OUT.quarterdeck [SAMPLE]`: write a sample campaign to a file (refuses to overwrite).
 * SAMPLE is tortugaRun (the default, "The Tortuga Run") or alZabdiyat ("The al-Zabdiyat Campaign").
 */
import { resolve } from 'node:path'
import { DEFAULT_SAMPLE, SAMPLE_CAMPAIGNS, SAMPLE_IDS, SampleId } from '../../src/shared/commands/samples'
import { buildAtriliaSampleCampaign } from './al-zabdiyat'
import { buildSampleCampaign } from './tortuga-run'

const out = process.argv[2]
const which = SampleId.safeParse(process.argv[3] ?? DEFAULT_SAMPLE)
if (!out || !which.success) {
  console.error(`Usage: npm run sample -- <file.quarterdeck> [${SAMPLE_IDS.join('|')}]`)
  process.exit(2)
}
const build = which.data === 'alZabdiyat' ? buildAtriliaSampleCampaign : buildSampleCampaign
const name = SAMPLE_CAMPAIGNS.find((s) => s.id === which.data)!.name
build(resolve(out)).then(
  () => console.log(`Wrote the sample campaign "${name}" to ${resolve(out)}`),
  (e: Error) => {
    console.error(e.message)
    process.exit(1)
  }
)
