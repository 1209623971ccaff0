/**
 * The bundled Atrilian sample campaign, "The al-Zabdiyat Campaign" (seed 002, issue 18).
 *
 * Seed 002 §12 promises "two sample fleets taken from the first battle of al-Zabdiyat which took place
 * off the coast of the island of al-Zabdiyat in 1st Akhet, 2L", but the fleet lists were lost; rules
 * guide §3 says to build them from the ship list: a Pheacian fleet of galleys against a Meshuesh fleet
 * of equal war-gaming size. Here each fleet is size 7 (a large galley, a size-2 galley or two, a
 * Liburnian galley for the Pheacians), bought in dinars by two players and their partners, built in
 * their own harbours, launched by the clock, manned, with marines and wizards aboard; the Meshuesh
 * squadron is already at sea for al-Zabdiyat. The characters' and ships' names are the sample's own
 * (seed 002 names none); the peoples, the island and the date are the seed's.
 *
 * Deterministic like the Tortuga Run (./tortuga-run.ts, both made by ./build-sample.ts): fixed identity, creation time and dice seed,
 * built only through the command door in a fixed order, so the same Quarterdeck version always makes
 * the same file.
 */
import type { Door } from '../../src/main/door/door'
import type { AtrilianDesign } from '../../src/shared/atrilia/design'
import { ATRILIA_CHART } from '../../src/shared/voyage/atrilia-chart'
import { buildSample } from './build-sample'

export const ATRILIA_SAMPLE_NAME = 'The al-Zabdiyat Campaign'
export const ATRILIA_SAMPLE_FILE_NAME = 'The-al-Zabdiyat-Campaign.quarterdeck'
export const ATRILIA_SAMPLE_UUID = '7e1a9c1e-0000-4000-8000-7a6162646979'
/** The sample's creation time, fixed so that two builds are identical. */
export const ATRILIA_SAMPLE_CREATED_AT = '2026-01-01T00:00:00.000Z'
/** The seed of the sample's dice, so its rolls replay the same for everyone. */
export const ATRILIA_SAMPLE_SEED = 2002

type Order = { name: string; design: AtrilianDesign }
const thalassa: Order = { name: 'Thalassa', design: { type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true } } }
const skylla: Order = { name: 'Skylla', design: { type: 'smallGalley', improvements: { corvus: true } } }
const phaiax: Order = { name: 'Phaiax', design: { type: 'liburnianGalley', improvements: {} } }
const kerkyra: Order = { name: 'Kerkyra', design: { type: 'liburnianGalley', improvements: { ballista: true } } }
const wadjwer: Order = { name: 'Wadj-wer', design: { type: 'gyptianLargeGalley', improvements: { castle: true, catapult: true } } }
const sekhmet: Order = { name: 'Sekhmet', design: { type: 'smallGalley', improvements: { ballista: true } } }
const apophis: Order = { name: 'Apophis', design: { type: 'smallGalley', improvements: { corvus: true } } }

/** The two fleets as the sample orders them (seed 002 §2.1, §2.4): war-gaming size 3 + 2 + 1 + 1 and 3 + 2 + 2, 7 a side. */
export const ATRILIA_SAMPLE_FLEETS: Record<'pheacian' | 'meshuesh', readonly Order[]> = {
  pheacian: [thalassa, skylla, phaiax, kerkyra],
  meshuesh: [wadjwer, sekhmet, apophis]
}

export function buildAtriliaSampleCampaign(path: string, nativeBinding?: string): Promise<void> {
  const identity = { name: ATRILIA_SAMPLE_NAME, setting: 'atrilia' as const, uuid: ATRILIA_SAMPLE_UUID, createdAt: ATRILIA_SAMPLE_CREATED_AT, seed: ATRILIA_SAMPLE_SEED }
  return buildSample(path, identity, populate, nativeBinding)
}

/**
 * The players, their purses in dinars, the coasts around al-Zabdiyat, the two fleets ordered in their
 * harbours and launched, their crews, marines and wizards, and the Meshuesh squadron at sea. Each step
 * is a command, as a GM would do it.
 */
async function populate(door: Door): Promise<void> {
  // The Pheacian player and his partner; the Meshuesh player and hers.
  const nikandros = await door.call('people.create', {
    name: 'Nikandros of the Pheacians',
    kind: 'pc',
    notes: 'Pheacian navarch; his family has built galleys for three generations. Player of the Pheacian fleet.'
  })
  const thalia = await door.call('people.create', {
    name: 'Thalia',
    kind: 'pc',
    notes: 'A Pheacian shipwright’s daughter who holds a share in the Thalassa.'
  })
  const osorkon = await door.call('people.create', {
    name: 'Osorkon, Great Chief of the Meshuesh',
    kind: 'pc',
    notes: 'Chief of a Meshuesh war band turned sea raiders. Player of the Meshuesh squadron.'
  })
  const takelot = await door.call('people.create', {
    name: 'Takelot',
    kind: 'pc',
    notes: 'Osorkon’s nephew and partner in the Wadj-wer; he hired the Haranese.'
  })
  await door.call('ledger.grant', { ownerId: nikandros.ownerId, amount: 44000, memo: 'Starting purse' })
  await door.call('ledger.grant', { ownerId: thalia.ownerId, amount: 16000, memo: 'Starting purse' })
  await door.call('ledger.grant', { ownerId: osorkon.ownerId, amount: 32000, memo: 'Starting purse' })
  await door.call('ledger.grant', { ownerId: takelot.ownerId, amount: 20000, memo: 'Starting purse' })
  await door.call('ledger.transfer', { from: nikandros.ownerId, to: thalia.ownerId, amount: 1500, memo: 'Advance on her share of the Kerkyra’s ballista' })

  // The coasts around al-Zabdiyat (src/shared/voyage/atrilia-chart.ts), in kilometres, drawn through the
  // door; each fleet's harbour is friendly to its players.
  const friends: Record<string, number[]> = {
    'Pheacian harbour': [nikandros.ownerId, thalia.ownerId],
    'Liburnian cove': [nikandros.ownerId, thalia.ownerId],
    'Meshuesh harbour': [osorkon.ownerId, takelot.ownerId]
  }
  await door.call('chart.configure', ATRILIA_CHART.settings)
  const port = new Map<string, number>()
  for (const p of ATRILIA_CHART.ports) {
    const { x, y, ...fields } = p
    const { id } = await door.call('ports.create', { ...fields, friendlyTo: { owners: friends[p.name] ?? [], nations: [] } })
    await door.call('chart.placePort', { portId: id, x, y })
    port.set(p.name, id)
  }
  for (const l of ATRILIA_CHART.land ?? []) await door.call('chart.saveLand', { name: l.name, polygon: l.polygon.map(([x, y]) => ({ x, y })) })
  for (const a of ATRILIA_CHART.areas) await door.call('chart.saveArea', { name: a.name, kind: a.kind, polygon: a.polygon.map(([x, y]) => ({ x, y })) })
  for (const r of ATRILIA_CHART.routes) {
    await door.call('chart.saveRoute', { fromPortId: port.get(r.from)!, toPortId: port.get(r.to)!, via: r.via.map(([x, y]) => ({ x, y })) })
  }
  const pheacianHarbour = port.get('Pheacian harbour')!
  const meshueshHarbour = port.get('Meshuesh harbour')!

  // Seed 002 §2: the fleets are ordered in their own harbours and paid in dinars, shares and all.
  const ids = new Map<string, number>()
  const order = async (
    s: Order,
    portId: number,
    owners: { ownerId: number; share: number }[],
    crew?: { nation?: 'pheacian' | 'meshuesh' | 'liburnian' | 'haranese'; quality?: 1 | 2 | 3 | 4 }
  ) => {
    const out = await door.call('ships.commission', { name: s.name, design: s.design, portId, owners, ...(crew ? { crew } : {}) })
    ids.set(s.name, out.shipId)
  }
  await order(thalassa, pheacianHarbour, [
    { ownerId: nikandros.ownerId, share: 60 },
    { ownerId: thalia.ownerId, share: 40 }
  ], { quality: 3 })
  await order(skylla, pheacianHarbour, [{ ownerId: nikandros.ownerId, share: 100 }], { nation: 'pheacian' })
  await order(phaiax, pheacianHarbour, [{ ownerId: nikandros.ownerId, share: 100 }])
  await order(kerkyra, pheacianHarbour, [
    { ownerId: nikandros.ownerId, share: 50 },
    { ownerId: thalia.ownerId, share: 50 }
  ], { nation: 'pheacian' })
  // The Meshuesh order their galleys as the Gyptians build them (seed 002 §2.1: "Gyptian or Meshuesh large galley").
  await order(wadjwer, meshueshHarbour, [
    { ownerId: osorkon.ownerId, share: 70 },
    { ownerId: takelot.ownerId, share: 30 }
  ], { nation: 'meshuesh', quality: 3 })
  await order(sekhmet, meshueshHarbour, [{ ownerId: takelot.ownerId, share: 100 }])
  await order(apophis, meshueshHarbour, [{ ownerId: osorkon.ownerId, share: 100 }], { nation: 'meshuesh' })

  // Five weeks for the Wadj-wer, the longest build (seed 002 §2.1): every ship is launched in her harbour.
  await door.call('clock.advance', { days: 35 })

  // Crews (seed 002 §2 crew; §11.1 nations; the FAQ's qualities), marines in points of 25 men (rules
  // guide §3), and the wizards who ride with them (§9.1).
  const id = (name: string) => ids.get(name)!
  // The Phaiax keeps the Liburnian crew her type names, veterans of two fights, and takes a sea wizard
  // aboard (Liburnians: +1 to sea wizards' combat rolls, §11.1).
  await door.call('crew.setQuality', { shipId: id('Phaiax'), quality: 3, battles: 2 })
  await door.call('crew.embark', { shipId: id('Phaiax'), marines: 2, wizards: { kind: 'sea', count: 1 } })
  await door.call('crew.embark', { shipId: id('Thalassa'), marines: 4 })
  await door.call('crew.embark', { shipId: id('Skylla'), marines: 2 })
  await door.call('crew.embark', { shipId: id('Kerkyra'), marines: 1 })
  // Five of the Kerkyra's oarsmen deserted at her launch: she cannot sail until more sign on.
  await door.call('crew.man', { shipId: id('Kerkyra'), sailors: 45 })
  // Takelot hires a Haranese crew for the Sekhmet, with a fire wizard amongst her marines (Haranese: +1 to
  // fire wizards' combat rolls, §11.1).
  await door.call('crew.setNationality', { shipId: id('Sekhmet'), nation: 'haranese' })
  await door.call('crew.embark', { shipId: id('Sekhmet'), marines: 2, wizards: { kind: 'fire', count: 1 } })
  await door.call('crew.embark', { shipId: id('Wadj-wer'), marines: 4 })
  await door.call('crew.embark', { shipId: id('Apophis'), marines: 2 })
  await door.call('crew.setQuality', { shipId: id('Apophis'), quality: 1 })

  // The Meshuesh squadron puts to sea for al-Zabdiyat and has a day behind it; the Pheacians are still in port.
  const voyage = await door.call('voyages.start', {
    shipIds: [id('Wadj-wer'), id('Sekhmet'), id('Apophis')],
    route: [meshueshHarbour, port.get('al-Zabdiyat')!]
  })
  await door.call('voyages.sail', { voyageId: voyage.id, days: 1 })

  await door.call('reminders.add', { title: 'The Meshuesh squadron raises al-Zabdiyat: do the Pheacians sail to meet it?', inDays: 1 })
  await door.call('reminders.add', { title: 'New oarsmen for the Kerkyra in the Pheacian harbour', inDays: 7 })
}
