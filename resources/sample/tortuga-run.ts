/**
 * The bundled sample campaign, "The Tortuga Run" (Théah setting).
 *
 * Deterministic: fixed identity and creation time, and built only through the command door, in a
 * fixed order (./build-sample.ts), so the same Quarterdeck version always makes the same campaign. Later features add
 * their part here (ships, ports, companies) as further commands.
 */
import type { Door } from '../../src/main/door/door'
import { THEAH_CHART } from '../../src/shared/voyage/theah-chart'
import { buildSample } from './build-sample'

export const SAMPLE_NAME = 'The Tortuga Run'
export const SAMPLE_FILE_NAME = 'The-Tortuga-Run.quarterdeck'
export const SAMPLE_UUID = '7e1a9c1e-0000-4000-8000-746f72747567'
/** The sample's creation time, fixed so that two builds are identical. */
export const SAMPLE_CREATED_AT = '2026-01-01T00:00:00.000Z'
/** The seed of the sample's dice, so its rolls replay the same for everyone. */
export const SAMPLE_SEED = 1668

export function buildSampleCampaign(path: string, nativeBinding?: string): Promise<void> {
  const identity = { name: SAMPLE_NAME, setting: 'theah' as const, uuid: SAMPLE_UUID, createdAt: SAMPLE_CREATED_AT, seed: SAMPLE_SEED }
  return buildSample(path, identity, populate, nativeBinding)
}

/**
 * The crew of the Tortuga Run, their purses and their two ships (the Santa Lucia, held jointly by
 * Allende and Yngvild, and Marcel's Sea Dog), launched a few months into the campaign. Each step is
 * a command, as a GM would do it.
 */
async function populate(door: Door): Promise<void> {
  const allende = await door.call('people.create', {
    name: 'Allende de Zepeda',
    kind: 'pc',
    traits: { Brawn: 2, Finesse: 2, Wits: 3, Resolve: 2, Panache: 3 },
    knacks: { Captain: 2, Tactics: 2, Pilot: 1, Oratory: 2 },
    notes: 'Castillian captain with a price on her head in Vodacce.'
  })
  const yngvild = await door.call('people.create', {
    name: 'Yngvild Olafsdottir',
    kind: 'pc',
    traits: { Brawn: 3, Finesse: 2, Wits: 2, Resolve: 3, Panache: 2 },
    knacks: { Rigging: 3, Climbing: 2, Knotwork: 2, Balance: 2 },
    notes: 'Vesten master-o-tops; reads the weather in her bones.'
  })
  const marcel = await door.call('people.create', {
    name: 'Marcel du Sable',
    kind: 'pc',
    traits: { Brawn: 2, Finesse: 3, Wits: 2, Resolve: 2, Panache: 2 },
    knacks: { Gunnery: 3, Appraising: 1 },
    notes: 'Montaigne gunner, exiled for firing on the wrong flag.'
  })
  const tom = await door.call('people.create', {
    name: 'Old Tom Hollis',
    kind: 'npc',
    traits: { Brawn: 2, Finesse: 2, Wits: 3, Resolve: 2, Panache: 1 },
    knacks: { Accounting: 2, Haggling: 2, Appraising: 2 },
    notes: 'Avalon purser. Counts every guilder twice.'
  })
  await door.call('ledger.grant', { ownerId: allende.ownerId, amount: 1200, memo: 'Starting purse' })
  await door.call('ledger.grant', { ownerId: yngvild.ownerId, amount: 450, memo: 'Starting purse' })
  await door.call('ledger.grant', { ownerId: marcel.ownerId, amount: 800, memo: 'Starting purse' })
  await door.call('ledger.grant', { ownerId: tom.ownerId, amount: 300, memo: 'Wages owed from his last berth' })
  // Seed 003, Of Ship Construction: starting heroes may turn hero points into a ship fund.
  await door.call('owners.heroPoints', { ownerId: allende.ownerId, points: 10 })
  await door.call('owners.heroPoints', { ownerId: yngvild.ownerId, points: 5 })
  await door.call('ledger.transfer', { from: marcel.ownerId, to: tom.ownerId, amount: 150, memo: 'Powder money, to be accounted for' })

  // Issue 6, the life of a ship: ports (and issue 16: the ships are built in San Cristóbal's yards).
  const laBucca = await door.call('ports.create', {
    name: 'La Bucca',
    nation: '',
    colonial: true,
    pirateHaven: true,
    notes: 'The pirate haven: no questions asked, no flag flown.'
  })
  const sanCristobal = await door.call('ports.create', {
    name: 'San Cristóbal',
    nation: 'Castille',
    major: true,
    friendlyTo: { owners: [allende.ownerId, yngvild.ownerId], nations: ['Vodacce'] },
    notes: 'Castillian shipyards and the Casa Zepeda counting house.'
  })
  const portRenard = await door.call('ports.create', {
    name: 'Port Renard',
    nation: 'Montaigne',
    colonial: true,
    friendlyTo: { owners: [marcel.ownerId], nations: [] },
    notes: 'A Montaigne colonial port; Marcel still has friends on the quay.'
  })

  // Seed 003, Of Ship Construction: the heroes pool their ship funds and prize money into ships.
  await door.call('ledger.grant', { ownerId: allende.ownerId, amount: 3000, memo: 'Her share of the Lady Vasquez prize' })
  await door.call('ledger.grant', { ownerId: yngvild.ownerId, amount: 3000, memo: 'Her share of the Lady Vasquez prize' })
  await door.call('ledger.grant', { ownerId: marcel.ownerId, amount: 9500, memo: 'His share of the Lady Vasquez prize' })
  // Seed 003 I.1: ships are built in a major port; San Cristóbal is one, and not colonial (no month added).
  await door.call('ships.commission', {
    name: 'Santa Lucia',
    portId: sanCristobal.id,
    owners: [
      { ownerId: allende.ownerId, share: 60 },
      { ownerId: yngvild.ownerId, share: 40 }
    ],
    design: {
      hull: 'merchantman',
      guns: { port: 4, starboard: 4, chasers: 2, stern: 0 },
      pontGuns: { port: 2, starboard: 2 },
      jollyBoats: 1,
      powderTons: 1
    }
  })
  await door.call('ships.commission', {
    name: 'Sea Dog',
    portId: sanCristobal.id,
    owners: [{ ownerId: marcel.ownerId, share: 100 }],
    design: {
      hull: 'corsair',
      guns: { port: 4, starboard: 4, chasers: 2, stern: 0 },
      pontGuns: { port: 1, starboard: 1 },
      jollyBoats: 1,
      powderTons: 0.5
    }
  })
  // A week after the Santa Lucia's launch (3 months for a Merchantman): both ships are afloat.
  await door.call('clock.advance', { days: 97 })

  const ships = await door.call('ships.list')
  const santaLucia = ships.find((s) => s.name === 'Santa Lucia')!.id
  const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id

  // The Santa Lucia: a Castillian merchantman in San Cristóbal, her owners paying for her crew.
  await door.call('ledger.grant', { ownerId: allende.ownerId, amount: 2000, memo: 'Freight advance from the Casa Zepeda' })
  await door.call('ledger.grant', { ownerId: yngvild.ownerId, amount: 1000, memo: 'Freight advance from the Casa Zepeda' })
  await door.call('crew.configure', { shipId: santaLucia, kind: 'merchant', nation: 'Castille' })
  await door.call('ships.moveTo', { shipId: santaLucia, portId: sanCristobal.id })
  await door.call('crew.hire', { houseRule: true,
    shipId: santaLucia,
    sailors: 120,
    officers: [
      { role: 'captain', personId: allende.id },
      { role: 'masterOTops', personId: yngvild.id }
    ]
  })
  await door.call('ships.provision', { shipId: santaLucia, months: 2 })
  await door.call('ships.orders', { shipId: santaLucia, careen: true, repair: true })

  // The Sea Dog: Marcel's pirate Corsair in La Bucca; her costs come out of the next booty.
  await door.call('crew.configure', { shipId: seaDog, kind: 'pirate' })
  await door.call('ships.moveTo', { shipId: seaDog, portId: laBucca.id })
  await door.call('crew.hire', { houseRule: true,
    shipId: seaDog,
    sailors: 80,
    marines: 10,
    officers: [
      { role: 'gunner', personId: marcel.id },
      { role: 'purser', personId: tom.id }
    ]
  })
  await door.call('ships.provision', { shipId: seaDog, months: 1 })
  await door.call('ships.orders', { shipId: seaDog, recruit: true, pressGang: true, recruitUpTo: 96, provisionMonths: 1 })

  // Issue 7, the sea chart (seed 003 II-III): Théah's western shores to the east, the colonies across
  // the ocean to the west, the pirate haven of La Bucca, sea lanes between, uncharted reaches beyond.
  // The chart is the Théah chart a new Théah campaign may start with (src/shared/voyage/theah-chart.ts).
  await door.call('chart.configure', THEAH_CHART.settings)
  const portIds = new Map<string, number>([
    [laBucca.name, laBucca.id],
    [sanCristobal.name, sanCristobal.id],
    [portRenard.name, portRenard.id]
  ])
  for (const p of THEAH_CHART.ports) {
    let id = portIds.get(p.name)
    if (id === undefined) {
      const { x: _x, y: _y, ...fields } = p
      id = (await door.call('ports.create', fields)).id
      portIds.set(p.name, id)
    }
    await door.call('chart.placePort', { portId: id, x: p.x, y: p.y })
  }
  for (const a of THEAH_CHART.areas) await door.call('chart.saveArea', { name: a.name, kind: a.kind, polygon: a.polygon.map(([x, y]) => ({ x, y })) })
  for (const r of THEAH_CHART.routes) {
    await door.call('chart.saveRoute', { fromPortId: portIds.get(r.from)!, toPortId: portIds.get(r.to)!, via: r.via.map(([x, y]) => ({ x, y })) })
  }
  await door.call('drama.set', { gm: 3 })

  await door.call('reminders.add', { title: 'Sail for Tortuga before the autumn storms', inDays: 45 })
  await door.call('reminders.add', { title: 'Debt to the Vodacce moneylender falls due', inDays: 90 })
}
