import { defineStore } from 'pinia'
import type {
  AppStatus,
  Backup,
  CampaignFileEntry,
  CampaignInfo,
  CampaignSettings,
  CommandInput,
  CommandName,
  CommandOutput,
  HistoryEntry,
  RecentCampaign,
  SampleId,
  Setting
} from '../../../shared/commands'
import { call, CommandFailure } from '../door'
import { errorTitle, notify } from '../notify'
import { formatWhen } from '../format'
import { askForDice, isDiceNeeded } from '../components/dice/dicePrompt'

interface State {
  status: AppStatus | null
  info: CampaignInfo | null
  recent: RecentCampaign[]
  files: CampaignFileEntry[]
  history: { entries: HistoryEntry[]; canUndo: boolean; canRedo: boolean }
  backups: Backup[]
  /** The open campaign's settings (dice mode, debt). */
  settings: CampaignSettings | null
  connectionError: string | null
  /** Counts changes to the open campaign (from any window): pages watch it to reload their data. */
  changes: number
  /** A campaign the GM tried to open that is open in another Quarterdeck window: offered read-only. */
  lockedOffer: { path: string; message: string } | null
}

/**
 * Counts loads of the campaign's info, journal and settings. Loads overlap (a write here, a change
 * from another window, a backup) and their answers can arrive out of order: only the newest load
 * applies what it read, and a write that sets the info itself (a rename) outdates every load begun
 * before it, so a late answer never puts back an older name on screen.
 */
let campaignLoads = 0

/** The app's view of the main process: what is open, the recent list, the journal. */
export const useAppStore = defineStore('app', {
  state: (): State => ({
    status: null,
    info: null,
    recent: [],
    files: [],
    history: { entries: [], canUndo: false, canRedo: false },
    backups: [],
    settings: null,
    connectionError: null,
    changes: 0,
    lockedOffer: null
  }),
  getters: {
    campaign: (s) => s.status?.campaign ?? null,
    recovery: (s) => s.status?.recovery ?? null,
    isDesktop: (s) => s.status?.mode === 'desktop'
  },
  actions: {
    /**
     * Run a command; on failure show a toast and resolve to undefined.
     * When dice are entered by hand and the command needs some (`needs_dice`), ask the GM for the
     * faces and run it again with them added to `input.dice`, as often as it takes; cancelling
     * resolves to undefined with nothing changed (a command that needs dice has not written anything).
     */
    async run<N extends CommandName>(
      name: N,
      input: CommandInput<N>,
      options: { quietNotFound?: boolean } = {}
    ): Promise<CommandOutput<N> | undefined> {
      let current = input
      for (;;) {
        try {
          return await call(name, current)
        } catch (e) {
          if (e instanceof CommandFailure && e.code === 'needs_dice' && isDiceNeeded(e.details)) {
            const faces = await askForDice(name, e.details, e.message)
            if (!faces) return undefined
            const given = (current as { dice?: number[] }).dice ?? []
            current = { ...(current as object), dice: [...given, ...faces] } as CommandInput<N>
            continue
          }
          // A page whose object is gone (an undo removed it) handles that itself, without an error.
          if (e instanceof CommandFailure && e.code === 'not_found' && options.quietNotFound) return undefined
          if (e instanceof CommandFailure) notify.error(errorTitle(e.code), e.message)
          else notify.error('Something went wrong', (e as Error).message)
          return undefined
        }
      }
    },

    /**
     * Run a command as `run` does (asking for hand-entered dice when needed), but hand a refusal
     * (`rule`, `invalid_input`) back to the caller to show at its field instead of a toast. Resolves
     * to undefined when the GM cancels the dice or another error was shown.
     */
    async attempt<N extends CommandName>(
      name: N,
      input: CommandInput<N>
    ): Promise<
      | { ok: true; value: CommandOutput<N> }
      | { ok: false; message: string; field: string | null; details: Record<string, unknown>; /** As run, with any dice typed: to run again the same way. */ input: CommandInput<N> }
      | undefined
    > {
      let current = input
      for (;;) {
        try {
          return { ok: true, value: await call(name, current) }
        } catch (e) {
          if (e instanceof CommandFailure && e.code === 'needs_dice' && isDiceNeeded(e.details)) {
            const faces = await askForDice(name, e.details, e.message)
            if (!faces) return undefined
            const given = (current as { dice?: number[] }).dice ?? []
            current = { ...(current as object), dice: [...given, ...faces] } as CommandInput<N>
            continue
          }
          if (e instanceof CommandFailure && (e.code === 'rule' || e.code === 'invalid_input')) {
            const details = (e.details ?? {}) as Record<string, unknown>
            return { ok: false, message: e.message, field: typeof details.field === 'string' ? details.field : null, details, input: current }
          }
          if (e instanceof CommandFailure) notify.error(errorTitle(e.code), e.message)
          else notify.error('Something went wrong', (e as Error).message)
          return undefined
        }
      }
    },

    async refresh(): Promise<void> {
      try {
        this.status = await call('app.status', {})
        this.connectionError = null
      } catch (e) {
        this.connectionError = (e as Error).message
        return
      }
      if (this.status.campaign) await this.refreshCampaign()
      else {
        this.info = null
        const [recent, files] = await Promise.all([
          this.run('campaigns.recent', {}),
          this.run('campaigns.available', {})
        ])
        this.recent = recent ?? []
        this.files = files ?? []
      }
    },

    /** A write happened (here or in another window): reload what depends on the campaign. */
    async campaignChanged(): Promise<void> {
      this.changes++
      await this.refresh()
    },

    /** A file was opened, closed or restored (here or in another window): reload, and if a campaign is open, every view. */
    async statusChanged(): Promise<void> {
      await this.refresh()
      if (this.status?.campaign) this.changes++
    },

    async refreshCampaign(): Promise<void> {
      const load = ++campaignLoads
      const [info, history, settings] = await Promise.all([
        this.run('campaign.info', {}),
        this.run('history.list', { limit: 100 }),
        this.run('settings.get', {})
      ])
      // A newer load (or a write that set the info) began meanwhile: it shows the newer state.
      if (load !== campaignLoads) return
      if (info) this.info = info
      if (history) this.history = history
      if (settings) this.settings = settings
    },

    /** Switch between the app rolling and the GM entering every die by hand. */
    async setDiceMode(diceMode: CampaignSettings['diceMode']): Promise<void> {
      const settings = await this.run('settings.set', { diceMode })
      if (!settings) return
      this.settings = settings
      notify.success(diceMode === 'app' ? 'The app rolls the dice now.' : 'Dice are entered by hand now: you will be asked for each roll.')
    },

    async refreshBackups(): Promise<void> {
      this.backups = (await this.run('backups.list', {})) ?? []
    },

    async adopt(status: AppStatus | undefined): Promise<boolean> {
      if (!status) return false
      this.status = status
      await this.refresh()
      return true
    },

    /**
     * Create a campaign; it may start with its setting's chart (`chart: 'template'`: Théah's the sample uses, or
     * the coasts around al-Zabdiyat for Atrilia) or a blank one.
     */
    createCampaign(name: string, setting: Setting, path?: string, chart: 'template' | 'theah' | 'blank' = 'blank') {
      const c = chart === 'blank' ? 'blank' : setting
      return this.run('campaigns.create', path ? { name, setting, path, chart: c } : { name, setting, chart: c }).then((s) => this.adopt(s))
    },
    /**
     * Open a campaign. One open in another Quarterdeck window is not an error to toast: the GM is
     * asked whether to open it read-only (`lockedOffer`, shown by GlobalActions).
     */
    async openCampaign(path: string, readOnly = false): Promise<boolean> {
      try {
        return await this.adopt(await call('campaigns.open', { path, readOnly }))
      } catch (e) {
        const lockedBy = e instanceof CommandFailure ? (e.details as { lockedBy?: { pid: number } } | undefined)?.lockedBy : undefined
        if (e instanceof CommandFailure && lockedBy) {
          this.lockedOffer = { path, message: e.message }
          return false
        }
        if (e instanceof CommandFailure) notify.error(errorTitle(e.code), e.message)
        else notify.error('Something went wrong', (e as Error).message)
        return false
      }
    },
    /** Open a sample campaign (the Tortuga Run unless another is named). */
    openSample(sample?: SampleId) {
      return this.run('campaigns.openSample', sample ? { sample } : {}).then((s) => this.adopt(s))
    },
    closeCampaign() {
      return this.run('campaigns.close', {}).then((s) => this.adopt(s))
    },
    async forget(path: string) {
      const list = await this.run('campaigns.forget', { path })
      if (list) this.recent = list
    },
    /** Restore a backup; every open view reloads, and the GM is told what was restored. */
    async restore(id: string) {
      const backup = this.backups.find((b) => b.id === id)
      const status = await this.run('backups.restore', { id })
      if (!status) return false
      this.status = status
      await this.statusChanged()
      const now = status.campaign ? await this.run('clock.now', {}) : undefined
      const taken = backup ? `${backup.name ? ` “${backup.name}”` : ''} of ${formatWhen(backup.takenAt)}` : ''
      notify.success(`Restored the backup${taken}${now ? `: the campaign is back at ${now.label}` : ''}.`)
      return true
    },
    /** A manual backup, named by the GM if she gave a name ("before the battle"). */
    async backupNow(name?: string): Promise<boolean> {
      const trimmed = name?.trim() ?? ''
      const b = await this.run('backups.create', trimmed ? { name: trimmed } : {})
      if (!b) return false
      notify.success(b.name ? `Backup “${b.name}” taken${b.dateLabel ? ` (campaign date ${b.dateLabel})` : ''}.` : 'Backup taken.')
      await this.refreshBackups()
      return true
    },

    async rename(name: string): Promise<boolean> {
      const info = await this.run('campaign.rename', { name })
      if (!info) return false
      campaignLoads++
      this.info = info
      await this.refresh()
      notify.success(`Renamed the campaign to “${info.name}”.`, { undo: true })
      return true
    },

    /** Undo the newest change; with `seq`, only if that change is still the newest (a toast's own Undo). */
    async undo(seq?: number): Promise<void> {
      const e = await this.run('history.undo', seq === undefined ? {} : { seq })
      if (e) {
        notify.success(`Undone: ${e.summary}`)
        await this.campaignChanged()
      }
    },
    async redo(): Promise<void> {
      const e = await this.run('history.redo', {})
      if (e) {
        notify.success(`Redone: ${e.summary}`)
        await this.campaignChanged()
      }
    }
  }
})
