import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { setBridge } from '../../src/renderer/src/door'
import { useAppStore } from '../../src/renderer/src/stores/app'
import type { QuarterdeckBridge } from '../../src/shared/bridge'

/**
 * Issue 14 point 7: the window's loads of the campaign overlap (a write, a change from another
 * window, a backup) and their answers can come back out of order. Under load a rename's new name
 * was put back to the old one by a load begun before the rename that answered after it.
 */

interface Pending {
  name: string
  input: unknown
  resolve(value: unknown): void
}

const info = (name: string) => ({ uuid: 'u', name, setting: 'theah', createdAt: '2026-01-01T00:00:00.000Z', path: '/x.quarterdeck' })
const status = { mode: 'browser', version: '0', campaign: { path: '/x.quarterdeck', name: 'Logbook', readOnly: false }, recovery: null }

let pending: Pending[] = []

/** A bridge whose answers the test hands out one by one, in any order. */
const bridge = {
  platform: 'browser',
  invoke: (name: string, input: unknown) => new Promise((resolve) => pending.push({ name, input, resolve: (value) => resolve({ ok: true, value }) })),
  subscribe: () => () => {}
} as unknown as QuarterdeckBridge

/** Answer the oldest (or the newest) waiting call of this command. */
async function answer(name: string, value: unknown, which: 'oldest' | 'newest' = 'oldest'): Promise<void> {
  for (let i = 0; i < 50 && !pending.some((p) => p.name === name); i++) await Promise.resolve()
  const matching = pending.map((p, i) => (p.name === name ? i : -1)).filter((i) => i >= 0)
  const k = matching.length === 0 ? -1 : which === 'oldest' ? matching[0]! : matching[matching.length - 1]!
  if (k < 0) throw new Error(`no call of ${name} is waiting (waiting: ${pending.map((p) => p.name).join(', ')})`)
  const [p] = pending.splice(k, 1)
  p!.resolve(value)
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

const history = { entries: [], canUndo: true, canRedo: false }
const settings = { diceMode: 'app', allowDebt: false }

describe('the window shows the newest campaign state, whatever order the answers come in', () => {
  beforeEach(() => {
    pending = []
    setActivePinia(createPinia())
    setBridge(bridge)
  })

  it('a load begun before a rename and answered after it does not put the old name back', async () => {
    const store = useAppStore()
    store.info = info('Logbook') as unknown as typeof store.info
    // A load begun by an earlier change (the backup just taken) is still on its way…
    const early = store.refreshCampaign()
    // …when the GM renames the campaign.
    const renaming = store.rename('After the mutiny')
    await answer('campaign.rename', info('After the mutiny'))
    expect(store.info?.name).toBe('After the mutiny')
    // The rename's own reload answers first, with the new name.
    await answer('app.status', status)
    await answer('campaign.info', info('Logbook')) // the early load's read, made before the rename
    await answer('campaign.info', info('After the mutiny'), 'newest')
    await answer('history.list', history, 'newest')
    await answer('settings.get', settings, 'newest')
    await renaming
    expect(store.info?.name).toBe('After the mutiny')
    // Then the early load's last answers arrive.
    await answer('history.list', history)
    await answer('settings.get', settings)
    await early
    expect(store.info?.name).toBe('After the mutiny')
  })

  it('of two overlapping loads, the newer one is shown even when the older answers last', async () => {
    const store = useAppStore()
    const first = store.refreshCampaign()
    const second = store.refreshCampaign()
    await answer('campaign.info', info('Old'))
    await answer('campaign.info', info('New'))
    // The newer load completes first; the older one's last answers come after.
    await answer('history.list', history, 'newest')
    await answer('settings.get', settings, 'newest')
    expect(store.info?.name).toBe('New')
    await answer('history.list', history)
    await answer('settings.get', settings)
    await Promise.all([first, second])
    expect(store.info?.name).toBe('New')
  })
})
