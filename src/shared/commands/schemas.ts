import { z } from 'zod'

/** A display name typed by the GM: trimmed, 1–80 characters, no control characters. */
export const DisplayName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(80, 'must be at most 80 characters')
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')
  // A lone UTF-16 surrogate cannot be stored as text: SQLite would silently turn it into U+FFFD.
  .refine((s) => !/\p{Cs}/u.test(s), 'must be valid Unicode text')

export const Setting = z.enum(['theah', 'atrilia'])
export type Setting = z.infer<typeof Setting>

export const BACKUP_KINDS = ['auto', 'close', 'manual', 'pre-migration', 'pre-restore', 'damaged'] as const
export const BackupKind = z.enum(BACKUP_KINDS)
export type BackupKind = z.infer<typeof BackupKind>

export const Backup = z.object({
  /** The backup's file name inside the campaign's backup folder; the id used to restore it. */
  id: z.string(),
  kind: BackupKind,
  takenAt: z.string(),
  bytes: z.number().int(),
  /** The GM's name for it ("before the battle"); null when none was given. */
  name: z.string().nullable(),
  /** The campaign date it holds (null for a damaged file, or one that cannot be read). */
  day: z.number().int().nullable(),
  dateLabel: z.string().nullable()
})
export type Backup = z.infer<typeof Backup>

export const CampaignSummary = z.object({
  path: z.string(),
  fileName: z.string(),
  name: z.string(),
  setting: Setting,
  /** Opened read-only because another Quarterdeck holds it (every change is refused here). */
  readOnly: z.boolean()
})
export type CampaignSummary = z.infer<typeof CampaignSummary>

export const Recovery = z.object({
  path: z.string(),
  fileName: z.string(),
  problem: z.string(),
  backups: z.array(Backup)
})
export type Recovery = z.infer<typeof Recovery>

export const AppStatus = z.object({
  version: z.string(),
  mode: z.enum(['desktop', 'browser']),
  campaignsDir: z.string(),
  campaign: CampaignSummary.nullable(),
  recovery: Recovery.nullable()
})
export type AppStatus = z.infer<typeof AppStatus>

export const RecentCampaign = z.object({
  path: z.string(),
  fileName: z.string(),
  name: z.string(),
  lastOpenedAt: z.string(),
  exists: z.boolean()
})
export type RecentCampaign = z.infer<typeof RecentCampaign>

export const CampaignFileEntry = z.object({
  path: z.string(),
  fileName: z.string(),
  bytes: z.number().int(),
  modifiedAt: z.string()
})
export type CampaignFileEntry = z.infer<typeof CampaignFileEntry>

export const CampaignInfo = z.object({
  name: z.string(),
  setting: Setting,
  schemaVersion: z.string(),
  createdAt: z.string()
})
export type CampaignInfo = z.infer<typeof CampaignInfo>

/** The full check of the open campaign's file: sound, or what is wrong (SQLite's own words). */
export const FileCheck = z.object({
  sound: z.boolean(),
  problem: z.string().nullable()
})
export type FileCheck = z.infer<typeof FileCheck>

export const HistoryEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  command: z.string(),
  summary: z.string(),
  undone: z.boolean(),
  /** The campaign day the change left the clock on, and its date (null for changes made before Quarterdeck kept it). */
  day: z.number().int().nullable(),
  dateLabel: z.string().nullable()
})
export type HistoryEntry = z.infer<typeof HistoryEntry>

export const NoInput = z.object({}).strict()

/** A GM's name for a backup: optional, trimmed, at most 80 characters, no control characters. */
export const BackupName = z
  .string()
  .trim()
  .max(80, 'must be at most 80 characters')
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')
  .refine((s) => !/\p{Cs}/u.test(s), 'must be valid Unicode text')
