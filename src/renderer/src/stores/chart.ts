import { defineStore } from 'pinia'
import type { Chart, ChartImage, CommandInput, CommandOutput, Point, VoyagePlan, VoyageView } from '../../../shared/commands'
import { useAppStore } from './app'
import { call } from '../door'

export type SailOutput = CommandOutput<'voyages.sail'>

/** The ship moving along the new stretch of her track after a sail, for the chart to play back. */
export interface SailAnimation {
  voyageId: number
  /** The points she passes, oldest first (where she was … where she is). */
  path: Point[]
  /** Milliseconds the playback lasts. */
  ms: number
  started: number
}

interface State {
  chart: Chart | null
  /** The map image under the chart (its placement; the picture is fetched only when its version changes). */
  image: ChartImage | null
  /** The loaded picture, with the version it shows. */
  picture: { version: string; el: HTMLImageElement } | null
  loading: boolean
  /** The voyage open on its page. */
  voyage: VoyageView | null
  voyageMissing: boolean
  sailing: boolean
  anim: SailAnimation | null
  /** What the last sail did, for the summary above the log. */
  lastSail: SailOutput | null
  /** The clock's steps that did something while this voyage sailed (this session): wages, rations… */
  steps: { voyageId: number; steps: SailOutput['steps'] }
}

/** ms per day of the playback, and its bounds. */
const MS_PER_DAY = 220
const MS_MIN = 500
const MS_MAX = 3200

/**
 * The sea chart and the voyage open on its page: what Konva draws and the panels edit. Konva owns no
 * state; every change goes through a command and the chart is read again.
 */
export const useChartStore = defineStore('chart', {
  state: (): State => ({
    chart: null,
    image: null,
    picture: null,
    loading: false,
    voyage: null,
    voyageMissing: false,
    sailing: false,
    anim: null,
    lastSail: null,
    steps: { voyageId: 0, steps: [] }
  }),
  getters: {
    placedPorts: (s) => (s.chart?.ports ?? []).filter((p) => p.x !== null && p.y !== null),
    portById: (s) => (id: number) => s.chart?.ports.find((p) => p.portId === id) ?? null
  },
  actions: {
    async loadChart(): Promise<void> {
      const app = useAppStore()
      this.loading = true
      try {
        const [c] = await Promise.all([app.run('chart.get', {}), this.loadImage()])
        if (c) this.chart = c
      } finally {
        this.loading = false
      }
    },
    /** The map image's placement; the picture itself only when it is new (it may be 700 KB). */
    async loadImage(): Promise<void> {
      const app = useAppStore()
      const meta = await app.run('chart.image', {})
      if (meta === undefined) return
      this.image = meta
      if (!meta) {
        this.picture = null
        return
      }
      if (this.picture?.version === meta.version) return
      const full = await app.run('chart.image', { withData: true })
      if (!full?.dataUrl) return
      const el = new Image()
      el.src = full.dataUrl
      await el.decode().catch(() => undefined)
      this.picture = { version: full.version, el }
    },
    /** Put, place or take away the map image, then read the chart again. */
    async editImage<N extends 'chart.setImage' | 'chart.placeImage' | 'chart.removeImage'>(name: N, input: CommandInput<N>): Promise<CommandOutput<N> | undefined> {
      const app = useAppStore()
      const out = await app.run(name, input)
      if (out !== undefined) await this.loadChart()
      return out
    },
    /** Run a chart edit, then read the chart again. */
    async edit<
      N extends 'chart.placePort' | 'chart.saveArea' | 'chart.removeArea' | 'chart.saveLand' | 'chart.removeLand' | 'chart.saveRoute' | 'chart.removeRoute' | 'chart.configure'
    >(
      name: N,
      input: CommandInput<N>
    ): Promise<CommandOutput<N> | undefined> {
      const app = useAppStore()
      const out = await app.run(name, input)
      if (out !== undefined) await this.loadChart()
      return out
    },

    async openVoyage(id: number): Promise<void> {
      if (this.voyage?.id !== id) {
        this.voyage = null
        this.lastSail = null
        this.anim = null
      }
      const app = useAppStore()
      const v = await app.run('voyages.get', { voyageId: id })
      if (!v) {
        this.voyageMissing = true
        return
      }
      this.voyageMissing = false
      this.voyage = v
    },
    plan(shipIds: number[], route: number[]): Promise<VoyagePlan | undefined> {
      return useAppStore().run('voyages.plan', { shipIds, route })
    },
    async start(input: CommandInput<'voyages.start'>): Promise<VoyageView | undefined> {
      const v = await useAppStore().run('voyages.start', input)
      if (v) {
        this.voyage = v
        await this.loadChart()
      }
      return v
    },

    /** Sail on (a number of days, or until the GM is needed) and play the ship's new miles back on the chart. */
    async sail(days?: number): Promise<SailOutput | undefined> {
      const v = this.voyage
      if (!v || this.sailing) return
      this.sailing = true
      try {
        const before = this.chart?.voyages.find((t) => t.voyageId === v.id)
        const beforeLen = before?.track.length ?? 0
        const from = before?.position ?? v.position
        const out = await useAppStore().run('voyages.sail', days ? { voyageId: v.id, days } : { voyageId: v.id })
        if (!out) return
        // The sail answers with what it wrote to the log: the voyage's log is the one held, then these.
        const held = this.voyage?.id === v.id ? this.voyage.log : v.log
        this.voyage = { ...out.voyage, log: [...held, ...out.log] }
        this.lastSail = out
        const done = out.steps.filter((x) => x.effects.length > 0)
        this.steps = { voyageId: v.id, steps: [...(this.steps.voyageId === v.id ? this.steps.steps : []), ...done] }
        await this.loadChart()
        const after = this.chart?.voyages.find((t) => t.voyageId === v.id)
        if (after && out.days > 0) {
          const fresh = after.track.slice(Math.max(0, beforeLen - 1))
          const path = [...(from && fresh.length && (fresh[0]!.x !== from.x || fresh[0]!.y !== from.y) ? [from] : []), ...fresh]
          if (after.position) {
            const last = path[path.length - 1]
            if (!last || last.x !== after.position.x || last.y !== after.position.y) path.push(after.position)
          }
          if (path.length >= 2) {
            this.anim = { voyageId: v.id, path, ms: Math.max(MS_MIN, Math.min(MS_MAX, out.days * MS_PER_DAY)), started: 0 }
          }
        }
        return out
      } finally {
        this.sailing = false
      }
    },
    stopAnimation(): void {
      this.anim = null
    },

    /** A voyage command answering with the voyage: keep it and read the chart again. */
    async act<N extends 'voyages.specialEvent' | 'voyages.avoidEvent' | 'voyages.resolveEvent' | 'voyages.end'>(
      name: N,
      input: CommandInput<N>
    ): Promise<VoyageView | undefined> {
      const v = (await useAppStore().run(name, input)) as VoyageView | undefined
      if (v) {
        this.voyage = v
        await this.loadChart()
      }
      return v
    },
    async resolveEncounter(input: CommandInput<'voyages.resolveEncounter'>): Promise<CommandOutput<'voyages.resolveEncounter'> | undefined> {
      const out = await useAppStore().run('voyages.resolveEncounter', input)
      if (out) {
        this.voyage = out.voyage
        await this.loadChart()
      }
      return out
    }
  }
})

/** The voyage a battle was fought on, if any (quietly: no toasts when there is none or voyages are unavailable). */
export async function voyageOfBattle(battleId: number): Promise<number | null> {
  try {
    const list = await call('voyages.list', {})
    for (const s of list) {
      const v = await call('voyages.get', { voyageId: s.id })
      if (v.battleId === battleId) return v.id
      if (v.log.some((e) => e.kind === 'battle' && new RegExp(`battle\\s*#?${battleId}\\b`, 'i').test(e.text))) return v.id
    }
  } catch {
    // No voyages to go back to.
  }
  return null
}
