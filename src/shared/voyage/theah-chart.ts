import type { WaterKind } from '../commands/voyages'

/**
 * The Théah chart the sample campaign uses (seed 003 II-III: coastal, colonial and continental
 * waters, sea lanes, uncharted reaches): Théah's western shores to the east, the colonies across the
 * ocean to the west, the pirate haven of La Bucca, sea lanes between. A new Théah campaign may
 * start with it (issue 16, point 12); the sample draws it too. The places are the app's own (house
 * default: the seed names no ports); positions are chart units.
 */
export interface TemplatePort {
  name: string
  nation: string
  major?: boolean
  colonial?: boolean
  pirateHaven?: boolean
  notes: string
  x: number
  y: number
}

export interface ChartTemplate {
  /** `scaleNmPerUnit`: the setting's distance unit (nm in Théah, km in Atrilia) per chart unit. */
  settings: { scaleNmPerUnit: number; width: number; height: number; defaultWater: WaterKind }
  ports: TemplatePort[]
  areas: { name: string; kind: WaterKind; polygon: [number, number][] }[]
  /** Coasts and islands (issue 18), drawn under the sea areas. */
  land?: { name: string; polygon: [number, number][] }[]
  /** Routes between ports named above, with their waypoints. */
  routes: { from: string; to: string; via: [number, number][] }[]
}

export const THEAH_CHART: ChartTemplate = {
  settings: { scaleNmPerUnit: 2, width: 1600, height: 1000, defaultWater: 'seaLane' },
  ports: [
    { name: 'La Bucca', nation: '', colonial: true, pirateHaven: true, notes: 'The pirate haven: no questions asked, no flag flown.', x: 350, y: 600 },
    { name: 'San Cristóbal', nation: 'Castille', major: true, notes: 'Castillian shipyards and counting houses.', x: 1050, y: 700 },
    { name: 'Port Renard', nation: 'Montaigne', colonial: true, notes: 'A Montaigne colonial port.', x: 250, y: 420 },
    { name: 'Altamira', nation: 'Castille', major: true, notes: 'The Castillian treasure fleets muster here.', x: 1000, y: 820 },
    { name: 'Charouse', nation: 'Montaigne', major: true, notes: 'The Emperor’s great Atlantic harbour.', x: 1150, y: 450 },
    { name: 'Carleon', nation: 'Avalon', major: true, notes: 'Queen Elaine’s Sea Dogs put out from here.', x: 1000, y: 220 },
    { name: 'Kirk', nation: 'Vendel', major: true, notes: 'The Vendel League’s counting houses.', x: 1350, y: 120 },
    { name: 'Hafenburg', nation: 'Eisen', notes: 'An Eisen port full of mercenary captains.', x: 1380, y: 330 },
    { name: 'Porto Spada', nation: 'Vodacce', major: true, notes: 'A merchant prince’s harbour.', x: 1400, y: 720 },
    { name: 'Puerto Dorado', nation: 'Castille', colonial: true, notes: 'Silver from the interior is loaded here.', x: 420, y: 780 },
    { name: 'New Carleon', nation: 'Avalon', colonial: true, notes: 'A young Avalon colony behind a palisade.', x: 200, y: 260 },
    { name: 'Fort Kirk', nation: 'Vendel', colonial: true, notes: 'A Vendel trading fort.', x: 480, y: 350 }
  ],
  areas: [
    { name: 'Théan coastal waters', kind: 'continental', polygon: [[900, 60], [1600, 60], [1600, 900], [900, 900]] },
    { name: 'Colonial waters', kind: 'colonial', polygon: [[110, 200], [620, 200], [620, 860], [110, 860]] },
    { name: 'The Bucca Shallows', kind: 'coastal', polygon: [[290, 540], [410, 540], [410, 660], [290, 660]] },
    { name: 'The Trade Winds lane', kind: 'seaLane', polygon: [[620, 560], [900, 560], [900, 860], [620, 860]] },
    { name: 'The Northern Passage', kind: 'seaLane', polygon: [[620, 200], [900, 200], [900, 460], [620, 460]] },
    { name: 'The Uncharted Reaches', kind: 'uncharted', polygon: [[0, 880], [1600, 880], [1600, 1000], [0, 1000]] },
    { name: 'The Western Mists', kind: 'uncharted', polygon: [[0, 0], [100, 0], [100, 880], [0, 880]] }
  ],
  routes: [
    { from: 'San Cristóbal', to: 'Altamira', via: [] },
    { from: 'San Cristóbal', to: 'Charouse', via: [[1120, 580]] },
    { from: 'San Cristóbal', to: 'Porto Spada', via: [[1250, 760]] },
    { from: 'Charouse', to: 'Carleon', via: [[1080, 330]] },
    { from: 'Carleon', to: 'Kirk', via: [[1200, 140]] },
    { from: 'Kirk', to: 'Hafenburg', via: [] },
    { from: 'Charouse', to: 'Hafenburg', via: [[1300, 400]] },
    { from: 'San Cristóbal', to: 'La Bucca', via: [[800, 650], [600, 620]] },
    { from: 'Altamira', to: 'Puerto Dorado', via: [[700, 830]] },
    { from: 'Charouse', to: 'Port Renard', via: [[700, 420]] },
    { from: 'Carleon', to: 'New Carleon', via: [[650, 240]] },
    { from: 'La Bucca', to: 'Port Renard', via: [] },
    { from: 'La Bucca', to: 'Puerto Dorado', via: [] },
    { from: 'Port Renard', to: 'New Carleon', via: [] },
    { from: 'Port Renard', to: 'Fort Kirk', via: [] },
    { from: 'Fort Kirk', to: 'New Carleon', via: [] }
  ]
}

/** The charts a new campaign may start with: Théah's (a Théah campaign), al-Zabdiyat's (src/shared/voyage/atrilia-chart.ts, an Atrilia one), or blank. */
export const CHART_TEMPLATES = ['theah', 'atrilia', 'blank'] as const
export type ChartTemplateName = (typeof CHART_TEMPLATES)[number]
