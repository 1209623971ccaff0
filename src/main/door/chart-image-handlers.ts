import type { chartImageContracts } from '../../shared/commands/chart-image'
import { chartImage, placeChartImage, removeChartImage, setChartImage } from '../campaign-core/chart-image'
import type { HandlerSpec } from './types'

type ChartImageHandlers = { [N in keyof typeof chartImageContracts]: HandlerSpec<N> }

/** The map image under the chart (issue 16, point 12). */
export const chartImageHandlers: ChartImageHandlers = {
  'chart.image': { kind: 'read', run: ({ campaign: { db } }, input) => chartImage(db, input.withData) },
  'chart.setImage': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => setChartImage(db, input),
    describe: (input) => `Put the map ${input.fileName} under the chart`,
    // The picture itself is kept once, in the chart; the journal keeps only its name.
    journalInput: (input) => ({ fileName: input.fileName, placement: input.placement })
  },
  'chart.placeImage': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => placeChartImage(db, input),
    describe: (_input, out) => `Placed the map ${out.fileName} under the chart (${Math.round(out.width).toLocaleString('en')} units wide, ${Math.round(out.opacity * 100)}% strong)`
  },
  'chart.removeImage': {
    kind: 'write',
    run: ({ campaign: { db } }) => removeChartImage(db),
    describe: (_input, out) => `Took the map ${out.fileName} away from under the chart`
  }
}
