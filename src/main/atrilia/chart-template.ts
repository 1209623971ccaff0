import { ATRILIA_CHART } from '../../shared/voyage/atrilia-chart'
import type { Db } from '../campaign/sqlite'
import { drawChartTemplate } from '../theah/chart-template'

/**
 * Draw "the coasts around al-Zabdiyat" (src/shared/voyage/atrilia-chart.ts) into a new Atrilia campaign
 * (issue 18): its scale in kilometres, its ports placed, its sea areas and routes, in one transaction —
 * the same drawing as the Théah template's, with Atrilia's chart.
 */
export function drawAtrilianChart(db: Db): { ports: number; areas: number; routes: number } {
  return drawChartTemplate(db, ATRILIA_CHART)
}
