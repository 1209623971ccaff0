import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiOk, choose, hideMessages, openPage, openSample, shot, useHost } from './harness'

/**
 * A Broadsides & Boarding Parties duel (issue 20, "Done when") played to the end in Chromium as a new
 * user would: New battle… → "A frigate overhauls a merchantman", the Swift played by the GM and the
 * Good Hope by the AI. Every die is typed by hand (so the duel goes the same way each run); the cards of
 * the Swift are typed, the Good Hope's drawn by a typed die. On the way: the Captain's redraw, a reef
 * crossed at speed 3 (two hull tokens), a broadside that shoots the Good Hope's fore mast away and stacks
 * two hull tokens by her third row, her Damage card drawn the next turn, a crewman moved on the deck by
 * clicks, the Good Hope running into the Swift, the final broadside and a boarding over both decks until
 * the Good Hope strikes. A card is undone and played again; the replay check agrees.
 */

const { start } = useHost()

interface View {
  step: { label: string }
  state: {
    steps: number
    wind: number | null
    turn: number
    phase: string
    ships: Record<string, { at: { x: number; y: number }; speed: number; status: string; played: string[]; deck: string[]; hull: { port: number[]; starboard: number[] }; masts: { name: string; down: boolean }[] }>
    units: { id: string; side: string; ship: string; row: number; col: number; kind: string }[]
    boarding: unknown
  }
  log: { events: { kind: string; text: string; rolls: { manual: boolean }[] }[] }[]
  outcome: { winner: string | null } | null
  pending: { crew: unknown[]; boarding: unknown[]; shots: unknown[] }
}

/** Where a deck square is on the page, from the decks' data attribute ("ship:ox,oy,cell …"). */
async function squarePoint(page: Page, ship: string, row: number, col: number): Promise<{ x: number; y: number }> {
  const decks = page.locator('[data-test=broadsides-decks]')
  const attr = (await decks.getAttribute('data-decks'))!
  const m = new RegExp(`${ship}:(\\d+),(\\d+),(\\d+)`).exec(attr)!
  const [ox, oy, cell] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const box = (await decks.locator('canvas').first().boundingBox())!
  return { x: box.x + ox + (col + 0.5) * cell, y: box.y + oy + (row + 0.5) * cell }
}

describe('a Broadsides & Boarding Parties duel in Chromium', () => {
  it('is played to the end from New battle…: redraw, reef, mast and Damage card, stacked hull, collision, boarding, strike; undo a card; replay agrees', async () => {
    const { host, page } = await start()
    const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)
    await openSample(page)
    await openPage(page, 'Battles', 'battles')

    // ── New battle…: the Broadsides duel, the Good Hope under the AI ─────────
    await page.locator('[data-test=new-battle]').click()
    const dialog = page.locator('[data-test=new-battle-dialog]')
    await dialog.locator('[data-test=ruleset-broadsides]').click()
    await dialog.getByText('A frigate overhauls a merchantman').waitFor()
    await dialog.locator('[data-test=new-control-merchant-ai]').click()
    await dialog.locator('[data-test=new-battle-start]').click()
    await page.locator('[data-test=phase-label]').getByText('Turn 1 — the wind').waitFor()
    const battleId = Number(/\/battles\/(\d+)/.exec(page.url())![1])
    await page.locator('[data-test=broadsides-decks] canvas').first().waitFor()
    let v = await api<View>('battles.state', { battleId })
    expect((v as View & { control: Record<string, string> }).control).toEqual({ frigate: 'gm', merchant: 'ai' })
    await expect.poll(() => page.locator('[data-test=broadsides-wind]').textContent()).toBe('The wind has not risen yet (the first step rolls it).')

    const dice = page.locator('[data-test=hand-dice]').locator('input')
    const view = () => api<View>('battles.state', { battleId })
    /** Resolve the next step with these faces typed by hand; wait for the state to move on. */
    async function resolve(faces: number[]): Promise<View> {
      const before = (await view()).state.steps
      await dice.fill(faces.join(' '))
      await page.locator('[data-test=resolve-step]').click()
      await expect.poll(async () => (await view()).state.steps).toBe(before + 1)
      return view()
    }
    const typeCard = (name: string) => choose(page, page.locator('[data-test=card-typed]'), name)

    // ── Turn 1: the wind opens from the north (a 5); the Swift heads north-east ─────────────
    v = await resolve([5])
    expect(v.state.wind).toBe(0)
    await expect.poll(() => page.locator('[data-test=broadsides-wind]').textContent()).toBe('The wind blows from the north.')
    await page.locator('[data-ship=frigate] [data-test=deck-terms]').waitFor()
    await shot(page, 'broadsides-turn1')
    await resolve([]) // the Swift's crew stay
    await resolve([]) // the Good Hope's (the AI)
    await typeCard('↰ Turn Port')
    v = await resolve([])
    expect(v.state.ships.frigate!.at).toEqual({ x: 5, y: 7 })
    await resolve([1]) // the Good Hope draws her first card: Forward
    await typeCard('↑ Forward')
    v = await resolve([])
    expect(v.state.ships.frigate!.played).toEqual(['turnPort', 'forward'])
    await page.locator('[data-ship=frigate] [data-test=card-played]').nth(1).waitFor()

    // ── Undo the card: the Swift is back where she was, her Forward back in the deck; then play it again ──
    await page.locator('[data-test=battle-undo]').click()
    await expect.poll(async () => (await view()).state.ships.frigate!.played).toEqual(['turnPort'])
    v = await view()
    expect(v.state.ships.frigate!.at).toEqual({ x: 5, y: 7 })
    await expect.poll(() => page.locator('[data-ship=frigate] [data-test=card-played]').count()).toBe(1)
    await typeCard('↑ Forward')
    v = await resolve([])
    expect(v.state.ships.frigate!.at).toEqual({ x: 6, y: 6 })
    await resolve([1])
    await typeCard('↑ Forward')
    await resolve([])
    await resolve([3]) // the Good Hope: Turn Starboard

    // ── Turn 2: the Captain's redraw; a reef at speed 3 ─────────────────────
    await resolve([3]) // the wind holds
    await resolve([])
    await resolve([])
    await typeCard('⚓ Anchor')
    await page.locator('[data-test=captain-redraw]').click()
    await choose(page, page.locator('[data-test=new-card-typed]'), '↱ Turn Starboard')
    v = await resolve([])
    expect(v.log.at(-1)!.events.map((e) => e.text)).toContain('The Captain discards Anchor and draws Turn Starboard, which must be played.')
    await resolve([1])
    // Her next card: the Captain has redrawn once this turn.
    await expect.poll(() => page.locator('[data-test=captain-redraw]').isDisabled()).toBe(true)
    await page.getByText('The Captain has redrawn this turn.', { exact: false }).waitFor()
    await typeCard('↑ Forward')
    await choose(page, page.locator('[data-test=reef-side]'), 'her port side')
    v = await resolve([])
    expect(v.state.ships.frigate!.hull.port.slice(0, 2)).toEqual([1, 1])
    expect(v.log.at(-1)!.events.some((e) => e.text === 'The Swift strikes a reef: 2 hull tokens on her port side (rows 1, 2).')).toBe(true)
    await resolve([1])

    // ── Cannon fire: the guns that bear, the drift diagram and the chances; the fore mast shot away, a hull hit stacked ──
    await page.locator('[data-test=phase-label]').getByText('Turn 2, card 2 — cannon fire').waitFor()
    const gun = (id: string) => page.locator(`[data-gun=${id}]`)
    await choose(page, gun('frigate-gun2').locator('.n-base-selection'), 'Row 1')
    await gun('frigate-gun2').locator('[data-test=hit-chances]').getByText('drift 1–2 a row forward, 5–6 a row aft · hull 11% · deck 28% · mast 6% · your choice 11% · miss 44%').waitFor()
    await choose(page, gun('frigate-gun4').locator('.n-base-selection'), 'Row 3')
    await gun('frigate-gun4').locator('[data-test=hit-chances]').getByText(/^no drift \(the Master Gunner’s deck\) · hull 17%/).waitFor()
    await choose(page, gun('frigate-gun6').locator('.n-base-selection'), 'Row 3')
    await gun('frigate-gun2').locator('.qd-gun-name').click() // its drift drawn over the Good Hope's first rows
    await hideMessages(page)
    await shot(page, 'broadsides-fire')
    await page.screenshot({ path: '/tmp/g3-fire.png' })
    expect((await view()).pending.shots).toHaveLength(3)
    v = await resolve([3, 5, 2, 2])
    expect(v.state.ships.merchant!.masts[0]).toMatchObject({ name: 'fore', down: true })
    expect(v.state.ships.merchant!.hull.starboard[2]).toBe(2)
    await expect.poll(() => page.locator('[data-test=broadsides-deck-list] [data-ship=merchant]').textContent()).toMatch(/fore mast fallen/)
    expect(await page.locator('[data-test=broadsides-deck-list] [data-ship=merchant]').textContent()).toMatch(/starboard row 3 \(stacked\)/)
    await typeCard('↰ Turn Port')
    await resolve([])
    await resolve([1])
    await resolve([1, 1]) // the Good Hope's guns (the AI) miss

    // ── Turn 3: the wind veers; a crewman moved by clicks; her Damage card; the collision ──────
    v = await resolve([5])
    expect(v.state.wind).toBe(1)
    expect(v.state.ships.merchant!.deck).toContain('damage')
    const from = await squarePoint(page, 'frigate', 1, 0)
    // An illegal move first: the crew step moves her men on her own deck only.
    const enemy = await squarePoint(page, 'merchant', 2, 0)
    await page.mouse.click(enemy.x, enemy.y)
    await page.locator('[data-test=orders-refused]').getByText('In the crew step the Swift’s men move on her own deck').waitFor()
    await page.mouse.click(from.x, from.y)
    await page.locator('[data-test=deck-pick]').getByText(/row 2, square 1 of the Swift: click where to/).waitFor()
    const to = await squarePoint(page, 'frigate', 0, 1)
    await page.mouse.click(to.x, to.y)
    await page.locator('[data-test=crew-moves]').getByText('a crewman to row 1, square 2').waitFor()
    v = await resolve([])
    expect(v.state.units.find((u) => u.id === 'frigate-crew1')).toMatchObject({ row: 0, col: 1 })
    await resolve([])
    await typeCard('↑ Forward')
    v = await resolve([])
    expect(v.state.ships.frigate!.at).toEqual({ x: 12, y: 4 }) // straight into the wind: she does not move
    v = await resolve([1])
    expect(v.state.ships.merchant!.played).toEqual(['damage'])
    await page.locator('[data-ship=merchant] [data-test=card-played][data-card=damage]').waitFor()
    await resolve([1, 1])
    await typeCard('↑ Forward')
    await resolve([])
    v = await resolve([4])
    expect(v.log.at(-1)!.events.some((e) => e.kind === 'collision')).toBe(true)
    await page.locator('[data-test=phase-label]').getByText('Turn 3 — the final broadside').waitFor()
    await shot(page, 'broadsides-collision')
    v = await resolve([1, 1])

    // ── Boarding over both decks: the Swift's men take the Good Hope's Captain's square ──────
    await page.locator('[data-test=phase-label]').getByText('Boarding, round 1 — the Swift').waitFor()
    const ours = await squarePoint(page, 'frigate', 5, 2)
    const theirs = await squarePoint(page, 'merchant', 5, 0)
    await page.mouse.click(ours.x, ours.y)
    await page.mouse.click(theirs.x, theirs.y)
    await page.locator('[data-test=boarding-moves]').getByText('2 men to Good Hope row 6, square 1').waitFor()
    await page.screenshot({ path: '/tmp/g3-boarding.png' })
    v = await resolve([6, 1])
    const melee = v.log.at(-1)!.events.find((e) => e.kind === 'melee')!
    expect(melee.text).toBe('The Swift attacks row 6, square 1 on the Good Hope: 8 against 5; the defenders lose the Captain; the square is cleared and taken.')
    expect(melee.rolls.every((r) => r.manual)).toBe(true)
    // The AI's boarders are thrown back; her First Mate falls and with her Captain dead she strikes.
    v = await resolve([1, 6, 1, 6, 1, 6, 1, 6])
    expect(v.outcome).toEqual({ winner: 'frigate', reason: expect.any(String) })
    expect(v.state.ships.merchant!.status).toBe('struck')
    await page.locator('[data-test=over-headline]').getByText('The Swift wins the duel.').waitFor()

    // ── The replay check, the review and the conclusion ─────────────────────
    await page.locator('.qd-tabs .n-tabs-tab').getByText(/^Log/).click()
    await page.locator('[data-test=log-step]').first().getByText('The Good Hope strikes her colours: her captain is killed with no first mate left.').waitFor()
    await page.locator('[data-test=replay-check]').click()
    await page.locator('[data-test=replay-result]').getByText('Replayed 31 steps from the log: the same state.').waitFor()
    await hideMessages(page)
    await page.screenshot({ path: '/tmp/g3-over.png' })
    await shot(page, 'broadsides-duel')
    await page.locator('[data-test=banner-conclude]').click()
    await expect.poll(() => page.locator('.n-modal li[data-ship=merchant]').textContent()).toMatch(/^Good Hope: Struck \(/)
    await page.locator('[data-test=review-conclude]').click()
    await page.locator('[data-test=concluded-banner]').waitFor()
  }, 240_000)
})
