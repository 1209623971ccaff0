import { CampaignSettings } from '../../shared/commands/core'
import { stmt, type Db } from '../campaign/sqlite'

export const DEFAULT_SETTINGS: CampaignSettings = { diceMode: 'app', allowDebt: false }

/** Built once: zod compiles a schema on first use, and every write command reads the settings. */
const StoredSettings = CampaignSettings.partial()

export function getSettings(db: Db): CampaignSettings {
  const rows = stmt(db, `SELECT key, value FROM setting`).all() as { key: string; value: string }[]
  const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]))
  const parsed = StoredSettings.safeParse(stored)
  return { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) }
}

export function setSettings(db: Db, patch: Partial<CampaignSettings>): CampaignSettings {
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue
    stmt(db, `INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`).run(
      key,
      JSON.stringify(value)
    )
  }
  return getSettings(db)
}
