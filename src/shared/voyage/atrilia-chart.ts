import type { ChartTemplate } from './theah-chart'

/**
 * "The coasts around al-Zabdiyat": the chart a new Atrilia campaign may start with (issue 18). Seed 002
 * names one place — the island of al-Zabdiyat, off whose coast its first battle was fought (§12) — and the
 * peoples who sail these waters: the Northerners who alone build galleys (Gyptians, Meshuesh, Pheacians,
 * Talians, §2.1), Liburnians and Haranese (§11.1), and the Ndogo and Kleshites of south-eastern Atrilia with
 * their pirogues (§2.3). Every other port here is a house default named after one of those peoples, and says
 * so in its notes; so do the coasts drawn as land, but for the island and Atrilia. Distances are kilometres: one chart unit is half a kilometre (the chart is 800 × 500 km).
 */
const HOUSE = 'House default: seed 002 names no port here.'

export const ATRILIA_CHART: ChartTemplate = {
  settings: { scaleNmPerUnit: 0.5, width: 1600, height: 1000, defaultWater: 'seaLane' },
  ports: [
    { name: 'al-Zabdiyat', nation: '', major: true, notes: 'The island port off whose coast the first battle of al-Zabdiyat was fought, 1st Akhet, 2L (seed 002 §12).', x: 800, y: 466 },
    { name: 'Pheacian harbour', nation: 'Pheacian', major: true, notes: `${HOUSE} The Pheacians build the great galleys of the north (seed 002 §2.1).`, x: 400, y: 150 },
    { name: 'Meshuesh harbour', nation: 'Meshuesh', major: true, notes: `${HOUSE} A Meshuesh galley port of the northern coast (seed 002 §2.1).`, x: 820, y: 110 },
    { name: 'Gyptian harbour', nation: 'Gyptian', major: true, notes: `${HOUSE} The Gyptians, boarders without equal (seed 002 §11.1), keep their galleys here.`, x: 1290, y: 160 },
    { name: 'Talian roads', nation: 'Talian', notes: `${HOUSE} A Talian anchorage on the northern coast (seed 002 §2.1).`, x: 1520, y: 330 },
    { name: 'Liburnian cove', nation: 'Liburnian', notes: `${HOUSE} Home of the light Liburnian galleys and their sea wizards (seed 002 §2.1, §11.1).`, x: 110, y: 420 },
    { name: 'Haranese market', nation: 'Haranese', notes: `${HOUSE} A dhow port of the Haranese, whose fire wizards are feared (seed 002 §11.1).`, x: 450, y: 860 },
    { name: 'Ndogo river mouth', nation: 'Ndogo', notes: `${HOUSE} Ndogo pirogues come down the river to the sea here (seed 002 §2.3).`, x: 1080, y: 890 },
    { name: 'Kleshite landing', nation: 'Kleshite', notes: `${HOUSE} A beach of Kleshite small pirogues, south-eastern Atrilia (seed 002 §2.3).`, x: 1460, y: 760 }
  ],
  areas: [
    { name: 'The Liburnian shallows', kind: 'coastal', polygon: [[90, 380], [360, 380], [360, 680], [85, 680]] },
    { name: 'The Haranese banks', kind: 'coastal', polygon: [[220, 700], [560, 700], [560, 860], [220, 830]] }
  ],
  // The island (seed 002 §12) and the coasts: Atrilia to the south (seed 002 §2.3, "south-eastern Atrilia"); the
  // coast of the galley-building Northerners (§2.1) and the western and eastern shores are house defaults.
  land: [
    { name: 'The island of al-Zabdiyat', polygon: [[745, 488], [860, 482], [900, 540], [850, 600], [760, 605], [715, 550]] },
    { name: 'The Northerners’ coast', polygon: [[0, 0], [1600, 0], [1600, 70], [1300, 118], [1000, 66], [820, 82], [600, 88], [400, 112], [150, 92], [0, 130]] },
    { name: 'Atrilia', polygon: [[0, 1000], [0, 760], [200, 830], [450, 905], [700, 935], [1080, 925], [1300, 830], [1460, 795], [1600, 705], [1600, 1000]] },
    { name: 'The western shore', polygon: [[0, 130], [55, 150], [65, 320], [50, 560], [0, 620]] },
    { name: 'The eastern shore', polygon: [[1600, 70], [1600, 705], [1565, 600], [1575, 420], [1585, 200]] }
  ],
  routes: [
    { from: 'al-Zabdiyat', to: 'Meshuesh harbour', via: [[810, 300]] },
    { from: 'al-Zabdiyat', to: 'Pheacian harbour', via: [[560, 300]] },
    { from: 'al-Zabdiyat', to: 'Gyptian harbour', via: [[1060, 320]] },
    { from: 'al-Zabdiyat', to: 'Haranese market', via: [[700, 470], [640, 640]] },
    { from: 'al-Zabdiyat', to: 'Ndogo river mouth', via: [[900, 470], [980, 650]] },
    { from: 'al-Zabdiyat', to: 'Liburnian cove', via: [[420, 480]] },
    { from: 'Pheacian harbour', to: 'Meshuesh harbour', via: [[580, 170]] },
    { from: 'Meshuesh harbour', to: 'Gyptian harbour', via: [[1060, 170]] },
    { from: 'Gyptian harbour', to: 'Talian roads', via: [] },
    { from: 'Talian roads', to: 'Kleshite landing', via: [[1560, 560]] },
    { from: 'Ndogo river mouth', to: 'Kleshite landing', via: [[1280, 840]] },
    { from: 'Haranese market', to: 'Ndogo river mouth', via: [[760, 900]] },
    { from: 'Pheacian harbour', to: 'Liburnian cove', via: [[220, 300]] }
  ]
}
