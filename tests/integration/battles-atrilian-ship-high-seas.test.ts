/**
 * A High Seas battle (seed 003) measures a campaign ship by her Théah design (Size, Handling,
 * batteries). A ship of the Atrilian catalogue (seed 002 §2) has none of them: `battles.start` refuses
 * her at her field, in words, and writes nothing.
 */
import { describe, expect, it } from 'vitest'
import { atriliaCampaignSessions, countRows, dumpCampaign, failureOf, type TestSession } from '../helpers'

let t: TestSession
atriliaCampaignSessions((s) => (t = s))

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as (name: string, input?: unknown) => Promise<unknown>

describe('battles.start with an Atrilian campaign ship under High Seas rules', () => {
  it('seed 002 §2, seed 003 IV: refuses the Atrilian galley at participants.0.shipId, changing nothing', async () => {
    const owner = (await call('people.create', { name: 'Admiral Nikandros', kind: 'pc' })) as { ownerId: number }
    await call('ledger.grant', { ownerId: owner.ownerId, amount: 20000, memo: 'purse' })
    const port = (await call('ports.create', { name: 'al-Zabdiyat', nation: 'Pheacia' })) as { id: number }
    const { shipId } = (await call('ships.commission', {
      design: { type: 'pheacianLargeGalley', improvements: {} },
      name: 'Nike',
      owners: [{ ownerId: owner.ownerId, share: 100 }],
      portId: port.id
    })) as { shipId: number }
    await call('clock.advance', { days: 28 })

    const before = { tables: dumpCampaign(db()), steps: countRows(db(), 'undo_step') }
    const err = await failureOf(t.door, 'battles.start', {
      name: 'Off al-Zabdiyat',
      participants: [
        { shipId, side: 'ours' },
        { generate: { hull: 'merchantman', armament: 'heavy', nation: 'Montaigne' }, side: 'theirs' }
      ]
    })
    expect(err.details).toEqual({ field: 'participants.0.shipId' })
    expect(err.message).toBe('The Nike is an Atrilian ship: she fights on the Atrilian hex map, not in a High Seas battle.')
    expect({ tables: dumpCampaign(db()), steps: countRows(db(), 'undo_step') }).toEqual(before)
  })
})
