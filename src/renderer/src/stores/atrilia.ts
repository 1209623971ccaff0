import { defineStore } from 'pinia'
import type { AtriliaBattleReview, AtriliaBattleView } from '../../../shared/commands/battles'
import type { AtriliaOrders, AtriliaOrdersInput, AtriliaReport, MoveStep, ShipMove } from '../../../shared/atrilia/types'
import { emptyOrders } from '../../../shared/atrilia/ruleset'
import { moveOf, type ReachOption } from '../../../shared/atrilia/reach'
import { useAppStore } from './app'
import { errorTitle, notify } from '../notify'

/** Who plays an Atrilian side: the GM by hand or the AI. */
export type SideControl = 'gm' | 'ai'

export type { AtriliaBattleView } from '../../../shared/commands/battles'
export type AtriliaReviewLine = AtriliaBattleReview['lines'][number]

/**
 * Run a battle command of the Atrilian contract through the app store (toasts, hand-entered dice).
 * The command table types High Seas inputs; the Atrilian shapes are the contract's, typed here.
 */
export function runAtrilia<T>(name: string, input: Record<string, unknown>): Promise<T | undefined> {
  const app = useAppStore()
  const run = app.run as unknown as (n: string, i: unknown) => Promise<unknown>
  return run(name, input) as Promise<T | undefined>
}

/** What is selected on the board: a ship (her reach and her attacks), or a marine unit on land. */
export type AttackMode = 'board' | 'archery' | 'ballista' | 'catapult' | 'wizard'

interface State {
  battleId: number | null
  view: AtriliaBattleView | null
  missing: boolean
  selected: string | null
  /** The attack shown on the board for the selected ship (other-attacks and marine-attacks phases). */
  attack: AttackMode | null
  /** The land hex of the marine unit selected (its index), when a land unit is selected. */
  landUnit: { q: number; r: number } | null
  resolving: boolean
  saving: boolean
  replay: { steps: number; same: boolean } | null
}

const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T

/** One Atrilian battle open on the board: what Konva draws and the orders panel edits. Konva owns no state. */
export const useAtriliaStore = defineStore('atrilia', {
  state: (): State => ({
    battleId: null,
    view: null,
    missing: false,
    selected: null,
    attack: null,
    landUnit: null,
    resolving: false,
    saving: false,
    replay: null
  }),
  getters: {
    concluded: (s) => s.view?.status === 'concluded',
    over: (s) => !!s.view?.outcome,
    /** The side whose step is next, and whether the GM plays it. */
    phasing: (s) => s.view?.step.side ?? null,
    gmToOrder(s): boolean {
      const v = s.view
      if (!v || v.outcome || v.status === 'concluded') return false
      return v.control[v.step.side ?? ''] !== 'ai'
    },
    /** The moves ordered so far this phase (movement phase only). */
    moves(s): ShipMove[] {
      const p = s.view?.pending
      return p && p.phase === 'move' ? p.ships : []
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
      const v = await runAtrilia<AtriliaBattleView>('battles.state', { battleId: id })
      if (this.battleId !== id) return
      if (!v || v.ruleset !== 'atrilia') {
        this.missing = !v
        return
      }
      if (this.view && this.view.state.steps !== v.state.steps) this.replay = null
      this.view = v
      this.missing = false
      if (this.selected && v.state.ships[this.selected]?.status !== 'afloat') this.selected = null
      // Over: nothing to order, so no ship stays selected (her name would lie over her neighbours).
      if (v.outcome) {
        this.selected = null
        this.attack = null
        this.landUnit = null
      }
    },
    select(id: string | null): void {
      this.selected = id
      this.landUnit = null
      this.attack = null
    },
    selectLand(h: { q: number; r: number } | null): void {
      this.landUnit = h
      this.selected = null
      this.attack = h ? 'archery' : null
    },
    /** Save the orders of the next step (only legal orders are saved; a refusal is shown and changes nothing). */
    async saveOrders(orders: AtriliaOrdersInput): Promise<boolean> {
      if (this.battleId === null || !this.view) return false
      this.saving = true
      try {
        const out = await runAtrilia<{ pending: AtriliaOrders }>('battles.stepOrders', { battleId: this.battleId, orders: plain(orders) })
        if (!out) return false
        this.view.pending = out.pending
        return true
      } finally {
        this.saving = false
      }
    },
    /** Her move in the pending orders set to this reach option (after the other ships' moves). */
    async setMove(ship: string, o: ReachOption): Promise<boolean> {
      const p = this.view?.pending
      if (!p || p.phase !== 'move') return false
      const ships = p.ships.filter((m) => m.ship !== ship)
      return this.saveOrders({ ...p, ships: [...ships, moveOf(ship, o)] })
    },
    /** One more step for the selected ship's move (the keyboard: arrows, Q, E). */
    async addStep(ship: string, step: MoveStep): Promise<boolean> {
      const p = this.view?.pending
      if (!p || p.phase !== 'move') return false
      const mine = p.ships.find((m) => m.ship === ship)
      const others = p.ships.filter((m) => m.ship !== ship)
      const steps = [...(mine?.steps ?? []), step]
      // Her move stays where it is in the order when she has one.
      const ships = mine ? p.ships.map((m) => (m.ship === ship ? { ...m, steps, through: false } : m)) : [...others, { ship, steps, through: false }]
      return this.saveOrders({ ...p, ships })
    },
    /** "Undo move": the pending orders saved without her move (or the last move ordered). */
    async undoMove(ship?: string): Promise<boolean> {
      const p = this.view?.pending
      if (!p || p.phase !== 'move' || !p.ships.length) return false
      const drop = ship ?? p.ships[p.ships.length - 1]!.ship
      return this.saveOrders({ ...p, ships: p.ships.filter((m) => m.ship !== drop) })
    },
    async clearOrders(): Promise<boolean> {
      if (!this.view) return false
      return this.saveOrders(emptyOrders(this.view.state.phase))
    },
    /** End the phase: resolve the next step (the AI's orders for an AI side), with any faces typed by hand. */
    async resolve(dice?: number[]): Promise<AtriliaReport | { diceError: string } | undefined> {
      if (this.battleId === null || !this.view || this.resolving || this.view.outcome) return
      this.resolving = true
      try {
        // A refusal about the dice (too few faces typed when dice are entered by hand) is shown at the dice field.
        const app = useAppStore()
        const attempt = app.attempt as unknown as (n: string, i: unknown) => Promise<{ ok: true; value: { report: AtriliaReport } } | { ok: false; message: string; field: string | null } | undefined>
        const res = await attempt('battles.resolveStep', dice && dice.length ? { battleId: this.battleId, dice } : { battleId: this.battleId })
        if (!res) return
        if (!res.ok) {
          if (res.field === 'dice') return { diceError: res.message }
          notify.error(errorTitle('rule'), res.message)
          return
        }
        this.attack = null
        await this.load()
        return res.value.report
      } finally {
        this.resolving = false
      }
    },
    async setControl(side: string, control: SideControl): Promise<void> {
      if (this.battleId === null) return
      const out = await runAtrilia('battles.sideControl', { battleId: this.battleId, side, control })
      if (out) await this.load()
    },
    async checkReplay(): Promise<void> {
      if (this.battleId === null) return
      const out = await runAtrilia<{ steps: number; same: boolean }>('battles.replay', { battleId: this.battleId })
      if (out) this.replay = out
    }
  }
})
