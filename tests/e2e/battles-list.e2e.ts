import { describe, expect, it } from 'vitest'
import { AL_ZABDIYAT_INPUT } from '../../src/shared/atrilia/preset'
import { apiOk, noHorizontalOverflow, openPage, openSample, shot, useHost } from './harness'

/**
 * The Battles page lists battles of both rule systems as a GM reads them (issue 17): each side by
 * the name the battle gives it (an Atrilian side's "The Pheacian fleet", a voyage's "Our squadron"),
 * the turn a battle is in, or, once it is over, how many turns it lasted — never the turn after its
 * last — and the winner by name. The battles are set up and played through the API (the AI on both
 * sides, through the generic step commands); the page is read in Chromium.
 */

const host = useHost()

interface Summary {
  id: number
  over: boolean
  turnsPlayed: number
  turn: number
  winner: string | null
  sides: { side: string; name: string }[]
}

describe('the Battles list', () => {
  it('names every side as its battle does and says a battle is over after N turns', async () => {
    const { host: served, page } = await host.start({ viewport: { width: 1280, height: 1000 } })
    const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(served, name, input)
    await openSample(page)
    const ships = await api<{ id: number; name: string }[]>('ships.list')
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    const duel = (name: string, ours: string, them: string, seed: number) =>
      api<{ battleId: number }>('battles.start', {
        name,
        participants: [
          { shipId: seaDog, side: ours, crewKind: 'pirate', control: 'gm' },
          { generate: { hull: 'merchantman', armament: 'heavy', nation: 'Montaigne', name: 'Fortune' }, side: them }
        ],
        range: 'close',
        seed
      })
    /** Both sides to the AI, then steps until the battle is decided. */
    const playOut = async (battleId: number, sides: string[]) => {
      for (const side of sides) await api('battles.sideControl', { battleId, side, control: 'ai' })
      for (let i = 0; i < 60; i++) if ((await api<{ outcome: unknown }>('battles.resolveStep', { battleId })).outcome) return
      throw new Error('the battle did not end in 60 turns')
    }

    // A voyage's battle (sides "ours" and "them"), played out and concluded with its review.
    const won = await duel('The action at Cabora', 'ours', 'them', 5)
    await playOut(won.battleId, ['ours', 'them'])
    const review = await api<{ lines: unknown[] }>('battles.review', { battleId: won.battleId })
    await api('battles.conclude', { battleId: won.battleId, lines: review.lines })
    // A duel decided but not concluded yet, and one in its second turn.
    const decided = await duel('Off Tortuga', 'Tortuga', 'Montaigne', 5)
    await playOut(decided.battleId, ['Tortuga', 'Montaigne'])
    const going = await duel('Off the reefs', 'Tortuga', 'Montaigne', 11)
    await api('battles.resolveStep', { battleId: going.battleId })
    // An Atrilian battle whose sides are named apart from their ids.
    const setup = {
      ...AL_ZABDIYAT_INPUT,
      name: 'The second battle of al-Zabdiyat',
      sides: [
        { id: 'pheacians', name: 'The Pheacian fleet', nation: 'pheacian' },
        { id: 'meshuesh', name: 'The Meshuesh fleet', nation: 'meshuesh' }
      ]
    }
    await api('battles.start', { ruleset: 'atrilia', setup, seed: 3 })

    const list = await api<Summary[]>('battles.list')
    const of = (id: number) => list.find((x) => x.id === id)!
    expect(of(decided.battleId)).toMatchObject({ over: true })
    const n = of(decided.battleId).turnsPlayed
    expect(of(decided.battleId).turn).toBe(n + 1)
    const m = of(won.battleId).turnsPlayed
    const winner = of(won.battleId).sides.find((x) => x.side === of(won.battleId).winner)?.name
    const turnsWord = (k: number) => `${k} ${k === 1 ? 'turn' : 'turns'}`

    await openPage(page, 'Battles', 'battles')
    const active = page.locator('[data-test=battles-active]')
    const row = (name: string) => page.locator(`[data-battle="${name}"]`)
    await active.locator('[data-battle="The second battle of al-Zabdiyat"]').waitFor()
    await row('The second battle of al-Zabdiyat').getByText('The Pheacian fleet', { exact: true }).waitFor()
    await row('The second battle of al-Zabdiyat').getByText('The Meshuesh fleet', { exact: true }).waitFor()
    expect(await row('The second battle of al-Zabdiyat').locator('[data-test=battle-progress]').textContent()).toBe('Turn 1')
    expect(await row('Off the reefs').locator('[data-test=battle-progress]').textContent()).toBe('Turn 2')
    expect(await row('Off Tortuga').locator('[data-test=battle-progress]').textContent()).toBe(`Over after ${turnsWord(n)}`)
    expect(await row('Off Tortuga').textContent()).not.toContain(`Turn ${n + 1}`)
    const done = page.locator('[data-test=battles-concluded]')
    await done.locator('[data-battle="The action at Cabora"]').waitFor()
    await row('The action at Cabora').locator('b').getByText('Our squadron', { exact: true }).waitFor()
    await row('The action at Cabora').locator('b').getByText('The enemy', { exact: true }).waitFor()
    expect(await row('The action at Cabora').locator('[data-test=battle-progress]').textContent()).toBe(`Over after ${turnsWord(m)}`)
    if (winner) await row('The action at Cabora').locator('.n-tag').getByText(winner, { exact: true }).waitFor()
    // No side shown by its id.
    const text = `${await active.textContent()} ${await done.textContent()}`
    for (const id of ['pheacians', 'meshuesh', 'Pheacians:', 'ours:', 'them:']) expect(text).not.toContain(id)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'battles-list')
  }, 240_000)
})
