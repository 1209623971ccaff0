import { defineStore } from 'pinia'
import type { GalleysBattleView } from '../../../shared/commands/battles'
import { dryRun } from '../../../shared/galleys/engine'
import type { Action, ActionInput, Activation, GalleysOrders, GalleysOrdersInput, GalleysReport, GalleysState, Stick } from '../../../shared/galleys/types'
import { fieldErrors, rollsDice, type FieldErrors } from '../components/galleys/galleysText'
import { runAtrilia as runBattleCommand, type SideControl } from './atrilia'
import { useAppStore } from './app'
import { errorTitle, notify } from '../notify'

export type { GalleysBattleView } from '../../../shared/commands/battles'

/** A move being composed in the orders panel (the board draws where she would end). */
export interface ComposingMove {
  ship: string
  stick: Stick
  turn: number
  razee: boolean
}


interface State {
  battleId: number | null
  view: GalleysBattleView | null
  missing: boolean
  selected: string | null
  composing: ComposingMove | null
  errors: FieldErrors
  resolving: boolean
  saving: boolean
  replay: { steps: number; same: boolean } | null
}

const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T
type Attempt = (n: string, i: unknown) => Promise<{ ok: true; value: unknown } | { ok: false; message: string; field: string | null; details: Record<string, unknown> } | undefined>

/**
 * One Galleys & Galleons battle open on its page (seed 000, issue 19). A player's turn is played as a
 * table plays it: actions that roll no die are saved as the pending orders (legal ones only) and may
 * be taken back one by one; adding one that rolls dice resolves the step at once (`endTurn` false: her
 * turn goes on, her activation carried over); "End turn" resolves with `endTurn`. The board draws the
 * state after the pending actions (the engine's dry run).
 */
export const useGalleysStore = defineStore('galleys', {
  state: (): State => ({
    battleId: null,
    view: null,
    missing: false,
    selected: null,
    composing: null,
    errors: {},
    resolving: false,
    saving: false,
    replay: null
  }),
  getters: {
    concluded: (s) => s.view?.status === 'concluded',
    over: (s) => !!s.view?.outcome,
    player: (s) => s.view?.step.side ?? null,
    control(s): SideControl {
      const v = s.view
      return v ? (v.control[v.step.side ?? ''] ?? 'gm') : 'gm'
    },
    gmToOrder(s): boolean {
      const v = s.view
      if (!v || v.outcome || v.status === 'concluded') return false
      return v.control[v.step.side ?? ''] !== 'ai'
    },
    /** The start-of-turn procedures are done (the turn has begun): actions may be given. */
    begun: (s) => !!s.view?.state.midTurn,
    /** The state after the pending actions (what the board draws) and the activation going on. */
    after(s): { state: GalleysState; act: Activation | null } | null {
      const v = s.view
      if (!v) return null
      const r = dryRun(v.setup, v.state, v.pending)
      return { state: r.state, act: r.act }
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
      const v = await runBattleCommand<GalleysBattleView>('battles.state', { battleId: id })
      if (this.battleId !== id) return
      if (!v || v.ruleset !== 'galleys') {
        this.missing = !v
        return
      }
      if (this.view && this.view.state.steps !== v.state.steps) this.replay = null
      this.view = v
      this.missing = false
      if (this.selected && v.state.ships[this.selected]?.status !== 'afloat') this.selected = null
      if (v.outcome) {
        this.selected = null
        this.composing = null
      }
    },
    select(id: string | null): void {
      this.selected = id
      if (this.composing && this.composing.ship !== id) this.composing = null
    },
    /** Save the next step's orders; a refusal is kept field by field (`index`: the action being added). Nothing changes on a refusal. */
    async saveOrders(orders: GalleysOrdersInput, index: number | null = null): Promise<boolean> {
      if (this.battleId === null || !this.view) return false
      this.saving = true
      try {
        const attempt = useAppStore().attempt as unknown as Attempt
        const res = await attempt('battles.stepOrders', { battleId: this.battleId, orders: plain(orders) })
        if (!res) return false
        if (!res.ok) {
          this.errors = fieldErrors(res.message, res.details, index)
          return false
        }
        this.errors = {}
        this.view.pending = (res.value as { pending: GalleysOrders }).pending
        return true
      } finally {
        this.saving = false
      }
    },
    /**
     * Add an action to the player's turn: saved when it rolls no die; resolved at once (with the dice
     * typed) when it does. Returns the step's report when it resolved.
     */
    async addAction(a: ActionInput, dice: number[] = []): Promise<{ saved: boolean; report?: GalleysReport; diceError?: string }> {
      const p = this.view?.pending
      if (!p) return { saved: false }
      const index = p.actions.length
      const dicey = rollsDice(a)
      if (!(await this.saveOrders({ order: p.order, actions: [...p.actions, a], endTurn: dicey ? false : true }, index))) return { saved: false }
      if (a.kind === 'move' || a.kind === 'place') this.composing = null
      if (!dicey) return { saved: true }
      const r = await this.resolve(dice)
      if (!r) return { saved: true }
      if ('diceError' in r) return { saved: true, diceError: r.diceError }
      return { saved: true, report: r }
    },
    /** Take back one pending action (only those rolling no die are ever pending); the later ones must still be legal. */
    async removeAction(i: number): Promise<boolean> {
      const p = this.view?.pending
      if (!p) return false
      return this.saveOrders({ order: p.order, actions: p.actions.filter((_, k) => k !== i), endTurn: true })
    },
    /** Begin the player's turn: her start-of-turn procedures (the weather die, fires), with the turn order at a turn's first player. */
    async beginTurn(order: string[] | null, dice: number[]): Promise<GalleysReport | { diceError: string } | undefined> {
      if (!(await this.saveOrders({ order, actions: [], endTurn: false }))) return
      return this.resolve(dice)
    },
    /** End the player's turn: the pending actions resolved and the turn passed on. */
    async endTurn(dice: number[]): Promise<GalleysReport | { diceError: string } | undefined> {
      const p = this.view?.pending
      if (!p) return
      if (this.gmToOrder && !p.endTurn && !(await this.saveOrders({ ...p, endTurn: true }))) return
      return this.resolve(dice)
    },
    /** Resolve the next step (the AI's orders for an AI player), with any faces typed by hand. */
    async resolve(dice?: number[]): Promise<GalleysReport | { diceError: string } | undefined> {
      if (this.battleId === null || !this.view || this.resolving || this.view.outcome) return
      this.resolving = true
      try {
        const attempt = useAppStore().attempt as unknown as Attempt
        const res = await attempt('battles.resolveStep', dice && dice.length ? { battleId: this.battleId, dice } : { battleId: this.battleId })
        if (!res) return
        if (!res.ok) {
          if (res.field === 'dice') return { diceError: res.message }
          notify.error(errorTitle('rule'), res.message)
          return
        }
        await this.load()
        return (res.value as { report: GalleysReport }).report
      } finally {
        this.resolving = false
      }
    },
    async setControl(side: string, control: SideControl): Promise<void> {
      if (this.battleId === null) return
      const out = await runBattleCommand('battles.sideControl', { battleId: this.battleId, side, control })
      if (out) await this.load()
    },
    async checkReplay(): Promise<void> {
      if (this.battleId === null) return
      const out = await runBattleCommand<{ steps: number; same: boolean }>('battles.replay', { battleId: this.battleId })
      if (out) this.replay = out
    }
  }
})

export type { Action, FieldErrors }
