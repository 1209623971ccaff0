/**
 * The Atrilian shipyard's quote and an Atrilian ship's people (seed 002 §2, §2.4, §7, §9.1, §11.1,
 * TABLES, the FAQ; rules guide §3), pure.
 */
import { describe, expect, it } from 'vitest'
import { AtrilianDesign } from '../../src/shared/atrilia/design'
import { quoteAtrilian, improvementAvailability, type AtrilianShipRules } from '../../src/shared/atrilia/shipyard'
import { battleProfile, checkMarines, defaultNation, marineRoom, menRoom, nationalCharacteristic, qualityAfterBattle } from '../../src/shared/atrilia/crew'
import { ATRILIA_IMPROVEMENTS, ATRILIA_RULES, ATRILIA_SHIPS } from '../../src/shared/atrilia/tables'
import { ShipSetup } from '../../src/shared/atrilia/types'

const RULES: AtrilianShipRules = { atriliaShips: ATRILIA_SHIPS, atriliaImprovements: ATRILIA_IMPROVEMENTS }
const q = (d: unknown) => quoteAtrilian(AtrilianDesign.parse(d), RULES)
const type = (key: string) => ATRILIA_SHIPS.find((s) => s.key === key)!

describe('the Atrilian quote', () => {
  it('seed 002 §2.1: a Pheacian large galley costs 15,000 dinars, takes 4 weeks, 150 crew, 150 t or 150 men, 3–14 km/h, size 3', () => {
    const x = q({ type: 'pheacianLargeGalley' })
    expect(x.problems).toEqual([])
    expect(x.total).toBe(15000)
    expect(x.buildDays).toBe(28)
    expect(x.derived).toEqual({ size: 3, crew: 150, holdTons: 150, holdMen: 150, speedKmh: { min: 3, max: 14 }, travelKmPerDay: 102 })
    expect(x.fights).toBe(true)
    expect(x.lines[0]).toEqual({ label: 'Pheacian large galley', amount: 15000, source: 'seed 002 §2.1' })
  })

  it('seed 002 §2.1: the Gyptian or Meshuesh large galley is keyed gyptianLargeGalley (12,500 dinars, 5 weeks)', () => {
    const x = q({ type: 'gyptianLargeGalley' })
    expect([x.typeName, x.total, x.buildDays, x.derived.crew]).toEqual(['Gyptian or Meshuesh large galley', 12500, 35, 200])
  })

  it('seed 002 §2.4: corvus 300, ballista 600, catapult 800 and castle 1,000 × size, itemised; the lines add up to the total', () => {
    const x = q({ type: 'pheacianLargeGalley', improvements: { corvus: true, ballista: true, catapult: true, castle: true } })
    expect(x.problems).toEqual([])
    const by = Object.fromEntries(x.lines.map((l) => [l.label, l.amount]))
    expect(by['Corvus']).toBe(300)
    expect(by['Ballista']).toBe(600)
    expect(by['Catapult']).toBe(800)
    expect(by['Castle (1,000 × size 3)']).toBe(3000)
    expect(x.total).toBe(15000 + 300 + 600 + 800 + 3000)
    expect(x.lines.reduce((n, l) => n + l.amount, 0)).toBe(x.total)
  })

  it('seed 002 §2.4: all galleys have rams, included in the price (rules guide §3): asking for one adds nothing', () => {
    const plain = q({ type: 'smallGalley' })
    const rammed = q({ type: 'smallGalley', improvements: { ram: true } })
    expect(rammed.total).toBe(plain.total)
    expect(rammed.problems).toEqual([])
    expect(plain.lines.find((l) => l.label.startsWith('Ram'))).toMatchObject({ amount: 0 })
    expect(improvementAvailability(type('liburnianGalley'), 'ram', false)).toMatchObject({ available: true, included: true })
  })

  it('seed 002 §2.4: baghlas cannot have rams (a problem at improvements.ram)', () => {
    const x = q({ type: 'baghla', improved: true, improvements: { ram: true } })
    expect(x.problems).toEqual([{ field: 'improvements.ram', message: expect.stringContaining('Baghlas cannot have rams') }])
  })

  it('seed 002 §2.4: another hull pays a ram at 500 × size (an improved baghla cannot; none on a size 0 ship)', () => {
    // Sambuks and zaruqs are size 0, so the only non-galley that fights is the improved baghla, who cannot have one.
    const edited: AtrilianShipRules = { ...RULES, atriliaShips: ATRILIA_SHIPS.map((s) => (s.key === 'sambuk' ? { ...s, size: 2 } : s)) }
    const x = quoteAtrilian(AtrilianDesign.parse({ type: 'sambuk', improvements: { ram: true } }), edited)
    expect(x.lines.find((l) => l.label.startsWith('Ram'))).toEqual({ label: 'Ram (500 × size 2)', amount: 1000, source: 'seed 002 §2.4' })
  })

  it('seed 002 §2.2: the baghla improved to size 1 for 2,500 dinars then holds 50 t or 120 men', () => {
    const plain = q({ type: 'baghla' })
    expect([plain.total, plain.derived.size, plain.derived.holdTons, plain.derived.holdMen]).toEqual([10000, 0, 150, 360])
    const up = q({ type: 'baghla', improved: true })
    expect(up.problems).toEqual([])
    expect([up.total, up.derived.size, up.derived.holdTons, up.derived.holdMen]).toEqual([12500, 1, 50, 120])
    expect(up.lines[1]).toEqual({ label: 'Improved to war gaming size 1', amount: 2500, source: 'seed 002 §2.2' })
    expect(up.fights).toBe(true)
  })

  it('seed 002 §2.2: only a baghla may be improved (a problem at improved)', () => {
    expect(q({ type: 'sambuk', improved: true }).problems).toEqual([{ field: 'improved', message: expect.stringContaining('Only a baghla') }])
  })

  it('seed 002 §2: size 0 ships never fight — the quote says so, and improvements on them are problems at their fields', () => {
    const x = q({ type: 'zaruq', improvements: { corvus: true, castle: true } })
    expect(x.fights).toBe(false)
    expect(x.notes).toContain('A size 0 ship never fights: she is not used in naval battles (seed 002 §2).')
    expect(x.problems.map((p) => p.field)).toEqual(['improvements.corvus', 'improvements.castle'])
    expect(q({ type: 'baghla', improvements: { catapult: true } }).problems[0]!.message).toContain('improve her to size 1 first')
  })

  it('seed 002 §2.3 and rules guide §3: "< 1 week" to build is 3 days', () => {
    const x = q({ type: 'kleshiteSmallPirogue' })
    expect([x.total, x.buildDays, x.derived.holdTons, x.derived.holdMen]).toEqual([5, 3, 0.25, 0])
    expect(x.buildBreakdown[0]!.label).toContain('3 days (house default')
  })

  it('rules guide §3: a day’s run is the midpoint of the speed range for 12 hours (Liburnian 5–15 km/h: 120 km)', () => {
    const x = q({ type: 'liburnianGalley' })
    expect(x.derived.travelKmPerDay).toBe(120)
    expect(x.breakdown.travelKmPerDay!.reduce((n, t) => n + t.value, 0)).toBe(120)
    expect(q({ type: 'zaruq' }).derived.travelKmPerDay).toBe(96)
  })

  it('rules guide §3 (25 men a point), seed 002 §2.2 holds: the quote says how many marine points her empty hold takes, with its terms', () => {
    const galley = q({ type: 'pheacianLargeGalley' })
    expect(galley.marines).toEqual({ most: 6, menPerPoint: 25 }) // 150 men
    expect(galley.breakdown.marines!.reduce((n, t) => n + t.value, 0)).toBe(6)
    expect(q({ type: 'baghla', improved: true }).marines.most).toBe(4) // improved: 120 men
    expect(q({ type: 'zaruq' }).marines.most).toBe(0) // cargo only
    const thirty = quoteAtrilian(AtrilianDesign.parse({ type: 'pheacianLargeGalley' }), { ...RULES, atriliaVoyages: { hoursPerDay: 12, menPerMarinePoint: 30 } })
    expect(thirty.marines).toEqual({ most: 5, menPerPoint: 30 })
  })

  it('rules guide §3: improvements add no build time', () => {
    expect(q({ type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true } }).buildDays).toBe(28)
  })

  it('names the field when the campaign table has no such type (an edited catalogue)', () => {
    const x = quoteAtrilian(AtrilianDesign.parse({ type: 'sambuk' }), { ...RULES, atriliaShips: ATRILIA_SHIPS.filter((s) => s.key !== 'sambuk') })
    expect(x.problems).toEqual([{ field: 'type', message: expect.stringContaining('no ship type "sambuk"') }])
  })
})

describe("an Atrilian ship's people", () => {
  const galley = q({ type: 'pheacianLargeGalley' }).derived

  it('rules guide §3: marines are 25 men a point, as many as the hold’s men allow (150 men: 6 points)', () => {
    expect(marineRoom(galley, 0).points).toBe(6)
    expect(checkMarines('Nike', galley, 0, { marines: 6, wizards: null })).toEqual([])
    expect(checkMarines('Nike', galley, 0, { marines: 7, wizards: null })).toEqual([{ field: 'marines', message: expect.stringContaining('takes 6 points of marines') }])
  })

  it('rules guide §3: the hold shares cargo and men in proportion (60 t in a 150 t / 150 men hold leaves 90 men: 3 points)', () => {
    expect(menRoom(galley, 60).men).toBe(90)
    expect(marineRoom(galley, 60).points).toBe(3)
    const baghla = q({ type: 'baghla' }).derived // 150 t or 360 men: a ton takes 2.4 men
    expect(menRoom(baghla, 100).men).toBe(120)
  })

  it('seed 002 §2.2: a hold of cargo only carries no marines (the zaruq)', () => {
    expect(checkMarines('Zaruq', q({ type: 'zaruq' }).derived, 0, { marines: 1, wizards: null })[0]!.message).toContain('takes cargo only')
  })

  it('seed 002 §9.1: wizards ride amongst the marines — none without marines aboard', () => {
    expect(checkMarines('Nike', galley, 0, { marines: 0, wizards: { kind: 'sea', count: 1 } })).toEqual([{ field: 'wizards', message: expect.stringContaining('embark marines') }])
    expect(checkMarines('Nike', galley, 0, { marines: 1, wizards: { kind: 'sea', count: 1 } })).toEqual([])
  })

  it('seed 002 §11.1: the national characteristics by the battle table', () => {
    expect(nationalCharacteristic('pheacian', ATRILIA_RULES.nations)).toBe('+1 to naval repair')
    expect(nationalCharacteristic('gyptian', ATRILIA_RULES.nations)).toBe('+1 in boardings')
    expect(nationalCharacteristic('liburnian', ATRILIA_RULES.nations)).toBe("+1 to sea wizards' combat rolls")
    expect(nationalCharacteristic('haranese', ATRILIA_RULES.nations)).toBe("+1 to fire wizards' combat rolls")
    expect(nationalCharacteristic('meshuesh', ATRILIA_RULES.nations)).toBeNull()
    expect([defaultNation('pheacianLargeGalley'), defaultNation('ndogoLargePirogue'), defaultNation('baghla')]).toEqual(['pheacian', 'ndogo', 'other'])
  })

  it('seed 002 FAQ: a green crew that survives a battle becomes veteran', () => {
    expect(qualityAfterBattle({ quality: 2, battles: 0, qualityHeld: false }, { survived: true })).toMatchObject({ quality: 3, battles: 1, changed: true })
  })

  it('seed 002 FAQ: a crew with five battles behind it is elite', () => {
    expect(qualityAfterBattle({ quality: 3, battles: 3, qualityHeld: false }, { survived: true })).toMatchObject({ quality: 3, battles: 4, changed: false })
    expect(qualityAfterBattle({ quality: 3, battles: 4, qualityHeld: false }, { survived: true })).toMatchObject({ quality: 4, battles: 5, changed: true })
    expect(qualityAfterBattle({ quality: 4, battles: 9, qualityHeld: false }, { survived: true })).toMatchObject({ quality: 4, battles: 10, changed: false })
  })

  it('seed 002 FAQ: the GM may override — a held quality stays; a slave crew stays slave; a crew that did not survive counts nothing', () => {
    expect(qualityAfterBattle({ quality: 2, battles: 0, qualityHeld: true }, { survived: true })).toMatchObject({ quality: 2, battles: 1, changed: false })
    expect(qualityAfterBattle({ quality: 1, battles: 6, qualityHeld: false }, { survived: true })).toMatchObject({ quality: 1, changed: false })
    expect(qualityAfterBattle({ quality: 2, battles: 0, qualityHeld: false }, { survived: false })).toMatchObject({ quality: 2, battles: 0, changed: false })
  })

  it('seed 002 §2.4, §9.1, §2: what she brings to a hex battle — a galley’s ram, her improvements, marines and wizards; a size 0 ship none', () => {
    const design = AtrilianDesign.parse({ type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true, ballista: true } })
    const quote = quoteAtrilian(design, RULES)
    const p = battleProfile(design, quote, { quality: 3, nation: 'pheacian', marines: 2, wizards: { kind: 'sea', count: 1 } }, 'flaming')!
    expect(p).toEqual({ type: 'pheacianLargeGalley', size: 3, crewQuality: 3, nation: 'pheacian', ram: true, corvus: true, castle: true, catapult: false, ballista: 'flaming', marines: 2, wizards: 'sea' })
    // It is a battle ship setup once placed.
    expect(ShipSetup.safeParse({ ...p, id: 'nike', name: 'Nike', side: 'a', at: { q: 0, r: 0 }, facing: 1 }).success).toBe(true)
    const zaruq = AtrilianDesign.parse({ type: 'zaruq' })
    expect(battleProfile(zaruq, quoteAtrilian(zaruq, RULES), { quality: 2, nation: 'other', marines: 0, wizards: null })).toBeNull()
  })
})
