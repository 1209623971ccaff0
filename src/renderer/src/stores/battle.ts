import { defineStore } from 'pinia'
import type { z } from 'zod'
import type { battleContracts, BattleView } from '../../../shared/commands/battles'
export type { BattleReview, BattleView, OddsResult } from '../../../shared/commands/battles'
import type { BattleState, ParticipantId, ShipOrders, ShipOrdersInput, TurnReport } from '../../../shared/highseas/types'
import { useAppStore } from './app'
import { isOut } from '../components/battle/shipNumbers'
import { baseOrders, cleanOrders, plain, sameOrders } from '../components/battle/orderCheck'

type BC = typeof battleContracts
export type BattleCommand = keyof BC
export type BattleInput<N extends BattleCommand> = z.input<BC[N]['input']>
export type BattleOutput<N extends BattleCommand> = z.output<BC[N]['output']>

/**
 * Run a battle command through the app store (toasts, hand-entered dice), typed by the battle
 * contracts whether or not the command table has merged them yet.
 */
export function runBattle<N extends BattleCommand>(name: N, input: BattleInput<N>): Promise<BattleOutput<N> | undefined> {
  const app = useAppStore()
  const run = app.run as unknown as (n: string, i: unknown) => Promise<unknown>
  return run(name, input) as Promise<BattleOutput<N> | undefined>
}

/** The turn being played back on the board after it resolved. */
export interface TurnAnimation {
  before: BattleState
  report: TurnReport
  /** 0 … 1 through the playback. */
  t: number
}

interface State {
  battleId: number | null
  view: BattleView | null
  missing: boolean
  selected: ParticipantId | null
  resolving: boolean
  anim: TurnAnimation | null
  /** Notes the last saved orders came back with. */
  notes: Record<string, string[]>
  /** The battle is fought under another rule system (its own page shows it): its ruleset id, else null. */
  otherRuleset: string | null
  /**
   * The orders on the board of each GM ship the GM has looked at this turn (saved or not): the orders
   * panel edits them, and resolving saves every one that differs from what is saved, whichever ship
   * is selected.
   */
  drafts: Record<string, ShipOrders>
}

export const ANIM_MS = 1800

/** One battle open on the board: what Konva draws and the panels edit. Konva owns no game state. */
export const useBattleStore = defineStore('battle', {
  state: (): State => ({
    battleId: null,
    view: null,
    missing: false,
    selected: null,
    resolving: false,
    anim: null,
    notes: {},
    drafts: {},
    otherRuleset: null
  }),
  getters: {
    participants: (s) => s.view?.setup.participants ?? [],
    selectedSetup(s) {
      return s.view?.setup.participants.find((p) => p.id === s.selected) ?? null
    },
    decided: (s) => (s.view ? s.view.state.outcome !== 'ongoing' : false),
    concluded: (s) => s.view?.status === 'concluded',
    /** The GM ships still fighting whose orders on the board differ from what is saved (saved when the turn resolves). */
    unsaved(s): ParticipantId[] {
      const v = s.view
      if (!v || v.state.outcome !== 'ongoing' || v.status === 'concluded') return []
      return Object.keys(s.drafts).filter((id) => {
        const p = v.setup.participants.find((x) => x.id === id)
        if (!p || p.control !== 'gm' || isOut(v.state.participants[id]?.status ?? 'active')) return false
        return !sameOrders(s.drafts[id]!, baseOrders(v.setup, v.state, v.pending.ships, id))
      })
    }
  },
  actions: {
    async open(id: number): Promise<void> {
      if (this.battleId !== id) {
        this.$reset()
        this.battleId = id
      }
      await this.load()
    },
    async load(): Promise<void> {
      const id = this.battleId
      if (id === null) return
      const v = await runBattle('battles.state', { battleId: id })
      if (this.battleId !== id) return
      if (!v) {
        this.missing = true
        return
      }
      // This store keeps High Seas battles; another rule system's battle (the Atrilian hex battle) has its own page and store (issue 17).
      if (v.ruleset !== 'highSeas') {
        this.otherRuleset = v.ruleset
        this.view = null
        this.missing = false
        return
      }
      this.otherRuleset = null
      // A turn resolved (here, in another window, or undone): the orders on the board were for another turn.
      if (this.view && this.view.state.turn !== v.state.turn) this.drafts = {}
      this.view = v
      this.missing = false
      if (!this.selected || !v.setup.participants.some((p) => p.id === this.selected)) {
        const first = v.setup.participants.find((p) => p.control === 'gm' && p.kind === 'ship') ?? v.setup.participants[0]
        this.selected = first?.id ?? null
      }
    },
    select(id: ParticipantId): void {
      this.selected = id
    },
    /** N (Shift+N back): the next participant still in the fight (then the others). */
    cycle(back = false): void {
      const ps = this.participants
      if (!ps.length || !this.view) return
      const live = ps.filter((p) => !isOut(this.view!.state.participants[p.id]?.status ?? 'active'))
      const list = live.length ? live : ps
      const i = list.findIndex((p) => p.id === this.selected)
      const n = list.length
      this.selected = list[(((i + (back ? -1 : 1)) % n) + n) % n]!.id
    },
    /** The orders on the board for a ship: made from what is saved (or the engine's default orders) the first time she is shown. */
    ensureDraft(participantId: ParticipantId, fresh = false): void {
      const v = this.view
      if (!v) return
      if (fresh || !this.drafts[participantId]) {
        this.drafts = { ...this.drafts, [participantId]: baseOrders(v.setup, v.state, v.pending.ships, participantId) }
      }
    },
    /** Save every GM ship's changed orders (whichever ship is selected); false if one is refused (she is selected, to show why). */
    async saveDrafts(): Promise<boolean> {
      for (const id of this.unsaved) {
        const d = this.drafts[id]
        if (d && !(await this.saveOrders(id, cleanOrders(d)))) {
          this.selected = id
          return false
        }
      }
      return true
    },
    async saveOrders(participantId: ParticipantId, orders: ShipOrdersInput): Promise<ShipOrders | undefined> {
      if (this.battleId === null) return
      const out = await runBattle('battles.orders', { battleId: this.battleId, participantId, orders: plain(orders) })
      if (!out) return
      this.notes = { ...this.notes, [participantId]: out.notes }
      if (this.view) this.view.pending.ships = { ...this.view.pending.ships, [participantId]: out.orders }
      this.drafts = { ...this.drafts, [participantId]: plain(out.orders) }
      return out.orders
    },
    async setControl(participantId: ParticipantId, control: 'gm' | 'ai'): Promise<void> {
      if (this.battleId === null) return
      const out = await runBattle('battles.control', { battleId: this.battleId, participantId, control })
      if (out) await this.load()
    },
    async resolveTurn(): Promise<TurnReport | undefined> {
      if (this.battleId === null || !this.view || this.resolving) return
      this.resolving = true
      try {
        const before = this.view.state
        const out = await runBattle('battles.resolveTurn', { battleId: this.battleId })
        if (!out) return
        this.notes = {}
        this.drafts = {}
        await this.load()
        this.anim = { before, report: out.report, t: 0 }
        return out.report
      } finally {
        this.resolving = false
      }
    },
    skipAnimation(): void {
      this.anim = null
    }
  }
})
