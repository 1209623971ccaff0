/** `npm run sample -- OUT.quarterdeck`: write the sample campaign to a file (refuses to overwrite). */
import { resolve } from 'node:path'
import { buildSampleCampaign } from './tortuga-run'

const out = process.argv[2]
if (!out) {
  console.error('Usage: npm run sample -- <file.quarterdeck>')
  process.exit(2)
}
buildSampleCampaign(resolve(out)).then(
  () => console.log(`Wrote the sample campaign to ${resolve(out)}`),
  (e: Error) => {
    console.error(e.message)
    process.exit(1)
  }
)
