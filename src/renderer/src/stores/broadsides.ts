import { defineStore } from 'pinia'
import type { BroadsidesBattleView } from '../../../shared/commands/battles'
import type { BroadsidesOrders, BroadsidesOrdersInput, BroadsidesReport } from '../../../shared/broadsides/types'
import { emptyOrders } from '../../../shared/broadsides/ai'
import { useAppStore } from './app'
import { errorTitle, notify } from '../notify'
import { runAtrilia, type SideControl } from './atrilia'

export type { BroadsidesBattleView } from '../../../shared/commands/battles'

/** What the GM has picked on a ship's deck: a square of hers (its units or its cannon). */
export interface DeckPick {
  ship: string
  row: number
  col: number
  /** The cannon on that square is picked (to move it with its crew), not a unit. */
  cannon: boolean
}

interface State {
  battleId: number | null
  view: BroadsidesBattleView | null
  missing: boolean
  pick: DeckPick | null
  /** The engine's words for the last move refused on the decks. */
  refused: string | null
  resolving: boolean
  saving: boolean
  replay: { steps: number; same: boolean } | null
}

const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T

/** One Broadsides duel open on its page: what the boards draw and the orders panel edits. Konva owns no state. */
export const useBroadsidesStore = defineStore('broadsides', {
  state: (): State => ({ battleId: null, view: null, missing: false, pick: null, refused: null, resolving: false, saving: false, replay: null }),
  getters: {
    concluded: (s) => s.view?.status === 'concluded',
    over: (s) => !!s.view?.outcome,
    gmToOrder(s): boolean {
      const v = s.view
      if (!v || v.outcome || v.status === 'concluded') return false
      const side = v.step.side
      // An exchange of fire is ordered by whoever plays a ship (both: the GM orders the GM's shots).
      if (side === null) return v.state.phase === 'fire' && Object.values(v.control).some((c) => c !== 'ai')
      return v.control[side] !== 'ai'
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
      const v = await runAtrilia<BroadsidesBattleView>('battles.state', { battleId: id })
      if (this.battleId !== id) return
      if (!v || v.ruleset !== 'broadsides') {
        this.missing = !v
        return
      }
      if (this.view && this.view.state.steps !== v.state.steps) {
        this.replay = null
        this.pick = null
        this.refused = null
      }
      this.view = v
      this.missing = false
    },
    /** Save the orders of the next step; a refusal keeps what was saved and shows the engine's words at the decks. */
    async saveOrders(orders: BroadsidesOrdersInput): Promise<boolean> {
      if (this.battleId === null || !this.view) return false
      this.saving = true
      try {
        const app = useAppStore()
        const attempt = app.attempt as unknown as (n: string, i: unknown) => Promise<{ ok: true; value: { pending: BroadsidesOrders } } | { ok: false; message: string; field: string | null } | undefined>
        const res = await attempt('battles.stepOrders', { battleId: this.battleId, orders: plain(orders) })
        if (!res) return false
        if (!res.ok) {
          // The engine's words, without the field's path in front ("crew.0.path: …").
          this.refused = res.message.replace(/^[\w.]+: /, '')
          return false
        }
        this.refused = null
        this.view.pending = res.value.pending
        return true
      } finally {
        this.saving = false
      }
    },
    async patch(p: Partial<BroadsidesOrdersInput>): Promise<boolean> {
      const base = this.view?.pending ?? emptyOrders()
      return this.saveOrders({ ...base, ...p })
    },
    async clearOrders(): Promise<boolean> {
      return this.saveOrders(emptyOrders())
    },
    async resolve(dice?: number[]): Promise<BroadsidesReport | { diceError: string } | undefined> {
      if (this.battleId === null || !this.view || this.resolving || this.view.outcome) return
      this.resolving = true
      try {
        const app = useAppStore()
        const attempt = app.attempt as unknown as (n: string, i: unknown) => Promise<{ ok: true; value: { report: BroadsidesReport } } | { ok: false; message: string; field: string | null } | undefined>
        const res = await attempt('battles.resolveStep', dice && dice.length ? { battleId: this.battleId, dice } : { battleId: this.battleId })
        if (!res) return
        if (!res.ok) {
          if (res.field === 'dice') return { diceError: res.message }
          notify.error(errorTitle('rule'), res.message)
          return
        }
        this.pick = null
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
