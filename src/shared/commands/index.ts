import { z } from 'zod'
import { contract } from './contract'
import { CHART_TEMPLATES } from '../voyage/theah-chart'
import { coreContracts } from './core'
import { shipContracts } from './ships'
import { battleContracts } from './battles'
import { crewContracts } from './crew'
import { voyageContracts } from './voyages'
import { chartImageContracts } from './chart-image'
import { tradeContracts } from './trade'
import { ventureContracts } from './ventures'
import { atriliaContracts } from './atrilia'
import { DEFAULT_SAMPLE, SampleId } from './samples'
import { galleysContracts } from './galleys'
import { broadsidesContracts } from './broadsides'
import { conversionContracts } from './conversion'
import { playerContracts } from './players'
import {
  AppStatus,
  Backup,
  BackupName,
  CampaignFileEntry,
  CampaignInfo,
  FileCheck,
  DisplayName,
  HistoryEntry,
  NoInput,
  RecentCampaign,
  Setting
} from './schemas'

export * from './schemas'
export * from './samples'
export * from './core'
export * from './ships'
export * from './chart-image'
export * from './battles'
export * from './crew'
export * from './voyages'
export * from './trade'
export * from './ventures'
export * from './atrilia'
export * from './galleys'
export * from './broadsides'
export * from './players'
export type { CommandContract } from './contract'

/** A path to a campaign file, as the GM chose it (desktop) or as a file name in the campaigns folder. */
const CampaignPath = z.string().min(1, 'must not be empty').max(4096, 'is too long')

/** App-level commands (files, backups) and the journal. */
const appContracts = {
  'app.status': contract({
    summary: 'What is open (a campaign, or a damaged file awaiting recovery), the mode and the campaigns folder.',
    scope: 'app',
    mutates: false,
    input: NoInput,
    output: AppStatus
  }),
  'campaigns.recent': contract({
    summary: 'Recently opened campaigns, newest first.',
    scope: 'app',
    mutates: false,
    input: NoInput,
    output: z.array(RecentCampaign)
  }),
  'campaigns.available': contract({
    summary: 'Campaign files in the campaigns folder, newest first.',
    scope: 'app',
    mutates: false,
    input: NoInput,
    output: z.array(CampaignFileEntry)
  }),
  'campaigns.create': contract({
    summary: 'Create a new campaign file and open it. Over HTTP it is created in the campaigns folder.',
    scope: 'app',
    mutates: true,
    input: z
      .object({
        name: DisplayName,
        setting: Setting.default('theah'),
        /** Where to create it: a file name in the campaigns folder, or (desktop) any path. Default: from the name. */
        path: CampaignPath.optional(),
        /** The chart it starts with: the Théah chart the sample uses (a Théah campaign), the coasts around al-Zabdiyat (an Atrilia campaign, in km), or a blank one. */
        chart: z.enum(CHART_TEMPLATES).default('blank')
      })
      .strict()
      .refine((v) => v.chart !== 'theah' || v.setting === 'theah', { message: 'the Théah chart is for a Théah campaign only', path: ['chart'] })
      .refine((v) => v.chart !== 'atrilia' || v.setting === 'atrilia', { message: 'the chart of al-Zabdiyat is for an Atrilia campaign only', path: ['chart'] }),
    output: AppStatus
  }),
  'campaigns.open': contract({
    summary:
      'Open a campaign file. A damaged file opens the recovery screen instead. A file open in another Quarterdeck is refused (with its pid) unless readOnly is set: then it opens for reading only.',
    scope: 'app',
    mutates: true,
    input: z.object({ path: CampaignPath, readOnly: z.boolean().default(false) }).strict(),
    output: AppStatus
  }),
  'campaigns.openSample': contract({
    summary:
      'Open a bundled sample campaign (made fresh if it is not in the campaigns folder): "The Tortuga Run" (Théah, the default) or "The al-Zabdiyat Campaign" (Atrilia).',
    scope: 'app',
    mutates: true,
    input: z.object({ sample: SampleId.default(DEFAULT_SAMPLE) }).strict(),
    output: AppStatus
  }),
  'campaigns.close': contract({
    summary: 'Close the open campaign (a backup is taken if anything changed).',
    scope: 'app',
    mutates: true,
    input: NoInput,
    output: AppStatus
  }),
  'campaigns.forget': contract({
    summary: 'Remove a campaign from the recent list (the file is not touched).',
    scope: 'app',
    mutates: true,
    input: z.object({ path: CampaignPath }).strict(),
    output: z.array(RecentCampaign)
  }),
  'backups.list': contract({
    summary: "The open (or damaged) campaign's backups, newest first.",
    scope: 'app',
    mutates: false,
    input: NoInput,
    output: z.array(Backup)
  }),
  'backups.create': contract({
    summary: 'Back up the open campaign now, with a name for the backup if given ("before the battle").',
    scope: 'campaign',
    mutates: true,
    input: z.object({ name: BackupName.optional() }).strict(),
    output: Backup
  }),
  'backups.restore': contract({
    summary:
      'Replace the open (or damaged) campaign with one of its backups. The current file is kept as a backup first.',
    scope: 'app',
    mutates: true,
    input: z.object({ id: z.string().min(1, 'must not be empty').max(255, 'is too long') }).strict(),
    output: AppStatus
  }),
  'campaign.info': contract({
    summary: "The open campaign's name, setting, schema version and creation time.",
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: CampaignInfo
  }),
  'campaign.checkFile': contract({
    summary:
      "Check the whole of the open campaign's file (every page, and every index against its table). Opening runs only the quick check; this is the full one, for the Backups screen or before trusting an old file.",
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: FileCheck
  }),
  'campaign.rename': contract({
    summary: 'Rename the open campaign.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ name: DisplayName }).strict(),
    output: CampaignInfo
  }),
  'history.list': contract({
    summary: 'The journal of write commands, newest first, a page at a time (offset, limit; total counts them all), with what can be undone or redone.',
    scope: 'campaign',
    mutates: false,
    input: z.object({ limit: z.number().int().min(1).max(500).default(50), offset: z.number().int().min(0).default(0) }).strict(),
    output: z.object({ entries: z.array(HistoryEntry), total: z.number().int(), canUndo: z.boolean(), canRedo: z.boolean() })
  }),
  'history.undo': contract({
    summary:
      'Undo the newest write command that is not undone yet. With `seq`, only if that change is still the newest (a toast undoing its own change).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ seq: z.number().int().min(1).optional() }).strict(),
    output: HistoryEntry
  }),
  'history.redo': contract({
    summary: 'Redo the oldest undone write command.',
    scope: 'campaign',
    mutates: true,
    input: NoInput,
    output: HistoryEntry
  })
} as const

/**
 * THE table of commands: every operation Quarterdeck offers, by name (`area.verb`).
 * The main process pairs each entry with a handler (src/main/door/handlers.ts); the renderer
 * reaches them through the bridge; the HTTP host serves them at POST /api/<name>.
 */
export const contracts = { ...appContracts, ...coreContracts, ...shipContracts, ...battleContracts, ...crewContracts, ...voyageContracts, ...chartImageContracts, ...tradeContracts, ...ventureContracts, ...atriliaContracts, ...galleysContracts, ...broadsidesContracts, ...conversionContracts, ...playerContracts } as const

export type Contracts = typeof contracts
export type CommandName = keyof Contracts
export type CommandInput<N extends CommandName> = z.input<Contracts[N]['input']>
export type ParsedInput<N extends CommandName> = z.output<Contracts[N]['input']>
export type CommandOutput<N extends CommandName> = z.output<Contracts[N]['output']>

export const COMMAND_NAMES = Object.keys(contracts) as CommandName[]

export function isCommandName(name: string): name is CommandName {
  return Object.prototype.hasOwnProperty.call(contracts, name)
}
