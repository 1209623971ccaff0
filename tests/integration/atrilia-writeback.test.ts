/**
 * The Atrilia × Atrilia campaign adapter (issue 18): an Atrilian battle fought by campaign ships of an
 * Atrilia campaign, concluded through its editable review, writes back — sunk ships lost (seed 002
 * §10.2), crippled ships to repair (§5.2; rules guide §3: two weeks in a friendly port and 10% of her
 * price, by the clock), prizes to the capturing ship's owners (§8.11), a captured campaign ship to the
 * outside world, marines and wizards lost (§7, §9.1), ships off the map still in the campaign (§5.11),
 * crew quality raised (the FAQ). A bad line is refused at its field with nothing changed; undo takes the
 * whole conclusion back.
 *
 * The end of a battle is either played by the engine (the AI on both sides) or, for one rule at a time,
 * the end position the engine leaves (a ship crippled, sunk, off the map, or boarded and held) written
 * into the battle's state before the review reads it.
 */
import { describe, expect, it } from 'vitest'
import type { AtrilianShipDetail } from '../../src/shared/commands'
import type { AtriliaBattleReview, AtriliaReviewLine } from '../../src/shared/commands/battles'
import { AL_ZABDIYAT_INPUT } from '../../src/shared/atrilia/preset'
import type { AtriliaState } from '../../src/shared/atrilia/types'
import { atriliaCampaignSessions, countRows, dumpCampaign, failureOf, type TestSession } from '../helpers'

let t: TestSession
atriliaCampaignSessions((s) => (t = s))

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as <T = unknown>(name: string, input?: unknown) => Promise<T>
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)
const journal = () => db().prepare(`SELECT seq, command, summary, undone FROM journal ORDER BY seq`).all() as { summary: string }[]
const snapshot = () => ({ tables: dumpCampaign(db()), journal: journal(), steps: countRows(db(), 'undo_step') })
const sheet = (shipId: number) => call<AtrilianShipDetail>('ships.get', { shipId })
const review = (battleId: number) => call<AtriliaBattleReview>('battles.review', { battleId })
const cash = async (ownerId: number) => (await call<{ cash: number }>('ledger.balance', { ownerId })).cash
/** What an owner has paid for the Nike's repairs, from the ledger (her monthly upkeep falls in the same days and is not counted). */
async function repairsPaid(ownerId: number): Promise<number> {
  const h = await call<{ transactions: { memo: string; lines: { ownerId: number; account: string; amount: number }[] }[] }>('ledger.history', { ownerId, search: 'Repairs to the Nike' })
  return h.transactions.flatMap((t) => t.lines).filter((l) => l.ownerId === ownerId && l.account === 'cash').reduce((n, l) => n - l.amount, 0)
}

const GALLEY = { type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true } }

interface World {
  a: number
  b: number
  port: number
  nike: number
  kyma: number
}

/** Two owners, a Pheacian port, the Nike (a Pheacian large galley, 60/40) and the Kyma (a small galley of A's), launched; the Nike with 2 points of marines (a large ship's most in battle, §7.4) and 2 sea wizards. */
async function world(): Promise<World> {
  const a = (await call<{ ownerId: number }>('people.create', { name: 'Admiral Nikandros', kind: 'pc' })).ownerId
  const b = (await call<{ ownerId: number }>('people.create', { name: 'Captain Thalia', kind: 'pc' })).ownerId
  await call('ledger.grant', { ownerId: a, amount: 30000, memo: 'purse' })
  await call('ledger.grant', { ownerId: b, amount: 12000, memo: 'purse' })
  const port = (await call<{ id: number }>('ports.create', { name: 'al-Zabdiyat', nation: 'Pheacia', friendlyTo: { owners: [a, b], nations: [] } })).id
  const nike = (await call<{ shipId: number }>('ships.commission', { design: GALLEY, name: 'Nike', owners: [{ ownerId: a, share: 60 }, { ownerId: b, share: 40 }], portId: port })).shipId
  const kyma = (await call<{ shipId: number }>('ships.commission', { design: { type: 'smallGalley', improvements: {} }, name: 'Kyma', owners: [{ ownerId: a, share: 100 }], portId: port })).shipId
  await call('clock.advance', { days: 28 })
  await call('crew.embark', { shipId: nike, marines: 2, wizards: { kind: 'sea', count: 2 } })
  return { a, b, port, nike, kyma }
}

/** The al-Zabdiyat battle with the Thalassa played by the Nike and the Skylla by the Kyma. */
async function battle(w: World): Promise<number> {
  const ships = AL_ZABDIYAT_INPUT.ships.map((s) =>
    s.id === 'thalassa'
      ? { ...s, name: 'Nike', shipId: w.nike, marines: 2, wizards: 'sea' as const, crewQuality: 2, castle: true, ballista: null }
      : s.id === 'skylla'
        ? { ...s, name: 'Kyma', shipId: w.kyma, marines: 0 }
        : s
  )
  return (await call<{ battleId: number }>('battles.start', { ruleset: 'atrilia', setup: { ...AL_ZABDIYAT_INPUT, name: 'The battle off the Horn', ships }, seed: 5 })).battleId
}

/** Write the end position the engine would leave into the battle (the test's way of choosing one rule's outcome). */
function endAs(battleId: number, change: (st: AtriliaState) => void): void {
  const row = db().prepare(`SELECT state FROM battle WHERE id = ?`).get(battleId) as { state: string }
  const st = JSON.parse(row.state) as AtriliaState
  change(st)
  st.outcome = st.outcome ?? { winner: 'pheacians', reason: 'test' }
  db().prepare(`UPDATE battle SET state = ? WHERE id = ?`).run(JSON.stringify(st), battleId)
}

const line = (r: AtriliaBattleReview, name: string) => r.lines.find((l) => l.name === name)!

/** The Nike crippled with 1 point of marines aboard, holding the Wadj-wer (boarded, committed with her) with 2 points; the Kyma sunk; the Sekhmet off the map. */
function typicalEnd(battleId: number): void {
  endAs(battleId, (st) => {
    Object.assign(st.ships.thalassa!, { crippled: true, marines: 1, marineSide: 'pheacians', committedWith: ['wadjwer'] })
    Object.assign(st.ships.wadjwer!, { crippled: true, marines: 2, marineSide: 'pheacians', committedWith: ['thalassa'] })
    Object.assign(st.ships.skylla!, { status: 'sunk', marines: 0, marineSide: null })
    Object.assign(st.ships.sekhmet!, { status: 'exited', exitedBy: 'south', exitedSide: 'meshuesh' })
  })
}

describe('battles.review of an Atrilian battle fought by campaign ships', () => {
  it('seed 002 §5.2, §8.11, §10.2, §9.1, the FAQ: proposes each ship’s fate and write-back, saying how each was worked out', async () => {
    const w = await world()
    const id = await battle(w)
    typicalEnd(id)
    const r = await review(id)
    expect(r).toMatchObject({ ruleset: 'atrilia', battleId: id, concluded: false, winner: 'Pheacians', applied: [] })
    const nike = line(r, 'Nike')
    expect(nike).toMatchObject({ shipId: w.nike, fate: 'crippled', battleFate: 'afloat', needsRepair: true, marinesCarried: 2, marinesLost: 1, wizardsCarried: 2, wizardsLost: 0, qualityBefore: 2, qualityAfter: 3 })
    expect(nike.how).toContain('Afloat with her crippled side up (§5.2).')
    expect(nike.how!.join(' ')).toContain('two weeks in a friendly port and 10% of her price')
    expect(nike.how).toContain('Carried 2 points of marines into the battle, 1 aboard her at the end: 1 lost.')
    expect(nike.how!.join(' ')).toContain('Crew quality: a green crew that survives a battle becomes veteran (FAQ).')
    expect(line(r, 'Kyma')).toMatchObject({ shipId: w.kyma, fate: 'sunk', needsRepair: false, qualityAfter: 2 })
    const prize = line(r, 'Wadj-wer')
    expect(prize).toMatchObject({ shipId: null, fate: 'captured', captorShipId: w.nike, needsRepair: true, prizeMarines: 2, prizeOwners: [{ ownerId: w.a, share: 60 }, { ownerId: w.b, share: 40 }] })
    expect(prize.how!.join(' ')).toContain('Taken by the Nike: she is committed with her at the end')
    expect(prize.how!.join(' ')).toContain("the Nike's owners in her shares (Admiral Nikandros 60% and Captain Thalia 40%)")
    expect(line(r, 'Sekhmet')).toMatchObject({ fate: 'exited', shipId: null })
    expect(line(r, 'Horus')).toMatchObject({ fate: 'afloat', shipId: null, needsRepair: false })
  })
})

describe('battles.conclude of an Atrilian battle', () => {
  it('seed 002 §10.2, §5.2, §8.11, the FAQ: writes it all back in one change — the sunk ship lost, the crippled one repairing in port, the prize a new ship of the captor’s owners, marines lost, the crew veteran — and battle.result', async () => {
    const w = await world()
    const id = await battle(w)
    typicalEnd(id)
    const before = await cash(w.a)
    const out = await call<{ battleId: number; applied: { participantId: string; shipId: number | null; text: string }[] }>('battles.conclude', { ruleset: 'atrilia', battleId: id })
    const prizeId = out.applied.find((x) => x.participantId === 'wadjwer')!.shipId!
    expect(out.applied.map((x) => x.participantId)).toEqual(['thalassa', 'skylla', 'wadjwer'])
    expect(journal().at(-1)!.summary).toBe(
      "Concluded the battle off the Horn, won by the Pheacians: the Nike's crew veteran, the Nike crippled, the Kyma sunk and the Wadj-wer taken as a prize"
    )
    // The Nike: crippled, repairing in her friendly port; marines 2 → 1; wizards kept; veteran.
    const nike = await sheet(w.nike)
    expect(nike.crew).toMatchObject({ marines: 1, wizards: { kind: 'sea', count: 2 }, quality: 3, qualityName: 'Veteran', battles: 1 })
    expect(nike.repair).toMatchObject({ repairing: true, port: 'al-Zabdiyat', cost: 1830 })
    expect(nike.repair!.text).toMatch(/^Crippled: repairing in al-Zabdiyat, ready on .+ for 1,830 dinars \(10% of her price of 18,300\)$/)
    // The Kyma: lost.
    expect((await sheet(w.kyma)).status).toBe('sunk')
    // The prize: an Atrilian ship of her type and improvements, the Nike's owners in her shares, crippled.
    const prize = await sheet(prizeId)
    expect(prize).toMatchObject({ name: 'Wadj-wer', status: 'port', location: 'al-Zabdiyat', design: { type: 'gyptianLargeGalley', improvements: { castle: true, catapult: true } }, capturedBy: { shipId: w.nike, name: 'Nike' } })
    expect(prize.owners.map((o) => [o.name, o.share])).toEqual([['Admiral Nikandros', 60], ['Captain Thalia', 40]])
    expect(prize.crew).toMatchObject({ marines: 2, nation: 'meshuesh', quality: 3 })
    expect(prize.repair).toMatchObject({ repairing: true })
    expect(db().prepare(`SELECT origin FROM ship WHERE id = ?`).get(prizeId)).toEqual({ origin: 'prize' })
    const fleet = await call<{ name: string }[]>('ships.list', {})
    expect(fleet.map((s) => s.name)).toContain('Wadj-wer')
    // No money moves until the repairs are done.
    expect(await cash(w.a)).toBe(before)
    // battle.result in the shape a voyage's hook reads.
    const result = JSON.parse((db().prepare(`SELECT result FROM battle WHERE id = ?`).get(id) as { result: string }).result) as {
      lines: { shipId: number | null; fate: string; side: string; name: string; prizeShipId?: number }[]
      applied: { shipId: number }[]
      winner: string | null
    }
    expect(result.winner).toBe('Pheacians')
    expect(result.lines.map((l) => [l.name, l.shipId, l.fate, l.side])).toEqual([
      ['Nike', w.nike, 'crippled', 'pheacians'],
      ['Nausikaa', null, 'afloat', 'pheacians'],
      ['Kyma', w.kyma, 'sunk', 'pheacians'],
      ['Phaiax', null, 'afloat', 'pheacians'],
      ['Wadj-wer', null, 'captured', 'meshuesh'],
      ['Sekhmet', null, 'exited', 'meshuesh'],
      ['Apophis', null, 'afloat', 'meshuesh'],
      ['Horus', null, 'afloat', 'meshuesh']
    ])
    expect(result.lines[4]!.prizeShipId).toBe(prizeId)
    expect(result.applied.map((x) => x.shipId)).toEqual([w.nike, w.kyma, prizeId])
    // Once concluded, the review is what was written.
    const after = await review(id)
    expect(after).toMatchObject({ concluded: true, winner: 'Pheacians' })
    expect(after.applied.map((x) => x.shipId)).toEqual([w.nike, w.kyma, prizeId])
    expect(after.applied[0]!.text).toContain('Crippled: she needs two weeks in a friendly port and 1,830 dinars; repairing in al-Zabdiyat from today')
  })

  it('seed 002 §5.11: a campaign ship that left the map stays in the campaign, her crew counting the battle; §9.1: losing all her marines loses her wizards', async () => {
    const w = await world()
    const id = await battle(w)
    endAs(id, (st) => {
      Object.assign(st.ships.thalassa!, { status: 'exited', exitedBy: 'north', exitedSide: 'pheacians', marines: 0, marineSide: null })
      st.wizards = st.wizards.map((x) => (x.id === 'thalassa-wizards' ? { ...x, at: null } : x))
    })
    const r = await review(id)
    expect(line(r, 'Nike')).toMatchObject({ fate: 'exited', needsRepair: false, marinesLost: 2, wizardsLost: 2, qualityAfter: 3 })
    await call('battles.conclude', { ruleset: 'atrilia', battleId: id })
    const s = await sheet(w.nike)
    expect(s.status).toBe('port')
    expect(s.crew).toMatchObject({ marines: 0, wizards: null, quality: 3 })
    expect(s.repair).toBeNull()
  })

  it('seed 002 §8.11–8.12: a campaign ship captured by a side with no campaign ship leaves her owners for the outside world', async () => {
    const w = await world()
    const id = await battle(w)
    endAs(id, (st) => {
      Object.assign(st.ships.skylla!, { crippled: true, marines: 1, marineSide: 'meshuesh' })
      st.outcome = { winner: 'meshuesh', reason: 'test' }
    })
    const r = await review(id)
    expect(line(r, 'Kyma')).toMatchObject({ fate: 'captured', captorShipId: null, prizeOwners: [], needsRepair: false })
    await call('battles.conclude', { ruleset: 'atrilia', battleId: id })
    const kyma = await sheet(w.kyma)
    expect(kyma.owners.map((o) => o.name)).toEqual(['The outside world'])
  })

  it('the GM’s edits are written: another fate, fewer marines lost, the quality held green', async () => {
    const w = await world()
    const id = await battle(w)
    typicalEnd(id)
    const r = await review(id)
    const lines = r.lines.map((l): AtriliaReviewLine => (l.name === 'Nike' ? { ...l, marinesLost: 0, qualityAfter: 2 } : l.name === 'Kyma' ? { ...l, fate: 'crippled', needsRepair: true } : l))
    await call('battles.conclude', { ruleset: 'atrilia', battleId: id, lines })
    expect((await sheet(w.nike)).crew).toMatchObject({ marines: 2, quality: 2, battles: 1 })
    const kyma = await sheet(w.kyma)
    expect(kyma.status).toBe('port')
    expect(kyma.repair).toMatchObject({ repairing: true })
  })

  it('refuses a bad line naming its field, and nothing changes', async () => {
    const w = await world()
    const id = await battle(w)
    typicalEnd(id)
    const r = await review(id)
    const i = r.lines.findIndex((l) => l.name === 'Nike')
    const p = r.lines.findIndex((l) => l.name === 'Wadj-wer')
    const bad = async (edit: (l: AtriliaReviewLine[]) => void) => {
      const lines = structuredClone(r.lines)
      edit(lines)
      const before = snapshot()
      const err = await fail('battles.conclude', { ruleset: 'atrilia', battleId: id, lines })
      expect(snapshot()).toEqual(before)
      return err
    }
    let err = await bad((l) => (l[i]!.marinesLost = 3))
    expect(err).toMatchObject({ code: 'invalid_input', message: `lines.${i}.marinesLost: more than the 2 points of marines she carried.` })
    err = await bad((l) => (l[i]!.wizardsLost = 3))
    expect(err.message).toBe(`lines.${i}.wizardsLost: more than the 2 wizards she carried.`)
    err = await bad((l) => Object.assign(l[i]!, { marinesLost: 2, wizardsLost: 0 }))
    expect(err.message).toBe(`lines.${i}.wizardsLost: with none of her marines left, her wizards are lost too (seed 002 §9.1): make it 2.`)
    err = await bad((l) => (l[p]!.prizeOwners = [{ ownerId: w.a, share: 70 }]))
    expect(err.message).toBe(`lines.${p}.prizeOwners: shares must add up to 100% (they add up to 70%).`)
    err = await bad((l) => (l[i]!.qualityAfter = 5))
    expect(err.code).toBe('invalid_input')
    expect(err.message).toContain(`lines.${i}.qualityAfter`)
    err = await bad((l) => Object.assign(l[i]!, { fate: 'sunk', needsRepair: true }))
    expect(err.message).toBe(`lines.${i}.needsRepair: a sunk ship is not repaired.`)
    err = await bad((l) => (l[i]!.shipId = w.kyma))
    expect(err.message).toContain(`lines.${i}.shipId`)
    err = await bad((l) => l.splice(i, 1))
    expect(err.message).toBe('lines: give a line for every campaign ship (the Nike has none).')
  })

  it('undo takes the whole conclusion back: the ships, the prize, the crew and the battle', async () => {
    const w = await world()
    const id = await battle(w)
    typicalEnd(id)
    const before = dumpCampaign(db())
    await call('battles.conclude', { ruleset: 'atrilia', battleId: id })
    expect(dumpCampaign(db())).not.toEqual(before)
    await call('history.undo')
    expect(dumpCampaign(db())).toEqual(before)
    expect((await review(id)).concluded).toBe(false)
  })

  it('seed 002 §4–§10: a battle played to its end by the engine (the AI on both sides) is written back as its review says', async () => {
    const w = await world()
    const id = await battle(w)
    await call('battles.sideControl', { battleId: id, side: 'pheacians', control: 'ai' })
    await call('battles.sideControl', { battleId: id, side: 'meshuesh', control: 'ai' })
    for (let n = 0; n < 400; n++) {
      const out = await call<{ outcome: unknown }>('battles.resolveStep', { battleId: id })
      if (out.outcome) break
    }
    const r = await review(id)
    await call('battles.conclude', { ruleset: 'atrilia', battleId: id })
    for (const l of r.lines.filter((x) => x.shipId !== null)) {
      const s = await sheet(l.shipId!)
      if (l.fate === 'sunk') expect(s.status).toBe('sunk')
      else if (l.fate === 'captured') expect(s.owners.map((o) => o.ownerId)).toEqual(l.prizeOwners.length ? l.prizeOwners.map((o) => o.ownerId) : [1])
      else {
        expect(s.status).toBe('port')
        expect(s.crew.quality).toBe(l.qualityAfter)
        expect(s.repair !== null).toBe(l.needsRepair)
      }
    }
  })
})

describe('repairing a crippled Atrilian ship by the clock (rules guide §3)', () => {
  async function crippledNike() {
    const w = await world()
    const id = await battle(w)
    endAs(id, (st) => Object.assign(st.ships.thalassa!, { crippled: true }))
    await call('battles.conclude', { ruleset: 'atrilia', battleId: id })
    return w
  }

  it('RULES.md §3: two weeks in a friendly port, then 10% of her price in dinars from her owners by their shares, through the ledger', async () => {
    const w = await crippledNike()
    await call('clock.advance', { days: 13 })
    expect((await sheet(w.nike)).repair).toMatchObject({ repairing: true })
    expect(await repairsPaid(w.a)).toBe(0)
    const out = await call<{ steps: { step: string; effects: string[] }[] }>('clock.advance', { days: 1 })
    expect(out.steps.filter((s) => s.step === 'atrilian-repairs').flatMap((s) => s.effects)).toEqual([
      'The Nike: repaired in al-Zabdiyat after two weeks for 1,830 dinars (10% of her price of 18,300): no longer crippled'
    ])
    expect((await sheet(w.nike)).repair).toBeNull()
    expect(await repairsPaid(w.a)).toBe(1098)
    expect(await repairsPaid(w.b)).toBe(732)
    const history = await call<{ transactions: { memo: string }[] }>('ledger.history', { ownerId: w.a })
    expect(history.transactions[0]!.memo).toBe('Repairs to the Nike in al-Zabdiyat: 10% of her price of 18,300')
  })

  it('RULES.md §3: at sea she is not repaired, and her days start when she comes into a friendly port', async () => {
    const w = await crippledNike()
    await call('ships.moveTo', { shipId: w.nike, portId: null })
    await call('clock.advance', { days: 20 })
    let s = await sheet(w.nike)
    expect(s.repair).toMatchObject({ repairing: false, text: 'Crippled: needs two weeks in a friendly port and 1,830 dinars (10% of her price of 18,300)' })
    expect(await repairsPaid(w.a)).toBe(0)
    await call('ships.moveTo', { shipId: w.nike, portId: w.port })
    await call('clock.advance', { days: 1 })
    s = await sheet(w.nike)
    expect(s.repair).toMatchObject({ repairing: true, port: 'al-Zabdiyat' })
    await call('clock.advance', { days: 14 })
    expect((await sheet(w.nike)).repair).toBeNull()
    expect(await repairsPaid(w.a)).toBe(1098)
  })

  it('RULES.md §3: owners who cannot pay keep her waiting in port, said so, and she is repaired once they can', async () => {
    const w = await crippledNike()
    const b0 = await cash(w.b)
    await call('ledger.transfer', { from: w.b, to: w.a, amount: b0, memo: 'spent' })
    expect(await cash(w.b)).toBe(0)
    const out = await call<{ steps: { step: string; effects: string[] }[] }>('clock.advance', { days: 14 })
    const effects = out.steps.filter((s) => s.step === 'atrilian-repairs').flatMap((s) => s.effects)
    expect(effects.at(-1)).toMatch(/^The Nike waits in al-Zabdiyat, still crippled: Not enough money to pay for the repairs of the Nike: Captain Thalia is 732 dinars short/)
    expect((await sheet(w.nike)).repair!.text).toMatch(/^Crippled: repaired in al-Zabdiyat as soon as her owners pay 1,830 dinars/)
    await call('ledger.grant', { ownerId: w.b, amount: 1000, memo: 'purse' })
    await call('clock.advance', { days: 1 })
    expect((await sheet(w.nike)).repair).toBeNull()
  })
})

describe('a prize taken by boarding, played by the engine', () => {
  it('seed 002 §8.11: the ship whose boarders took her is her captor (read from the battle log); she joins the fleet as a prize, crippled', async () => {
    const w = await world()
    const { parseLabel } = await import('../../src/shared/atrilia/hex')
    const setup = {
      name: 'The taking of the Tjet',
      sides: [
        { id: 'pheacians', name: 'Pheacians', nation: 'pheacian' },
        { id: 'meshuesh', name: 'Meshuesh', nation: 'meshuesh' }
      ],
      ships: [
        { id: 'nike', name: 'Nike', side: 'pheacians', type: 'pheacianLargeGalley', size: 3, crewQuality: 2, at: parseLabel('E8'), facing: 3, corvus: true, castle: true, marines: 2, wizards: 'sea', shipId: w.nike },
        { id: 'kyma', name: 'Kyma', side: 'pheacians', type: 'smallGalley', size: 2, crewQuality: 2, at: parseLabel('A2'), facing: 3, shipId: w.kyma },
        { id: 'tjet', name: 'Tjet', side: 'meshuesh', type: 'smallGalley', size: 2, crewQuality: 1, crippled: true, at: parseLabel('E9'), facing: 1, marines: 0 }
      ]
    }
    const { battleId } = await call<{ battleId: number }>('battles.start', { ruleset: 'atrilia', setup, seed: 11, control: { pheacians: 'ai', meshuesh: 'gm' } })
    let over = false
    for (let n = 0; n < 200 && !over; n++) over = !!(await call<{ outcome: unknown }>('battles.resolveStep', { battleId })).outcome
    expect(over).toBe(true)
    const r = await review(battleId)
    const tjet = line(r, 'Tjet')
    expect(tjet).toMatchObject({ fate: 'captured', captorShipId: w.nike, needsRepair: true })
    expect(tjet.how!.join(' ')).toContain('Taken by the Nike: her boarders took her (§8.11)')
    const out = await call<{ applied: { participantId: string; shipId: number | null }[] }>('battles.conclude', { ruleset: 'atrilia', battleId })
    const prizeId = out.applied.find((a) => a.participantId === 'tjet')!.shipId!
    const prize = await sheet(prizeId)
    expect(prize).toMatchObject({ name: 'Tjet', origin: 'prize', capturedBy: { name: 'Nike' } })
    expect(prize.repair).toMatchObject({ repairing: true, port: 'al-Zabdiyat' })
  })
})
