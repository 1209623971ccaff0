import { memoOf, stmt, type Db } from '../campaign/sqlite'

/**
 * The campaign's setting ('theah' or 'atrilia'; undefined before the campaign record is written), as its
 * record says. It is fixed when the campaign is made, so a command reads it once (its memo keeps it):
 * the clock, the currency and the rules ask for it hundreds of times in one clock run.
 */
export function campaignSetting(db: Db): string | undefined {
  const memo = memoOf(db)
  if (memo?.has('campaign.setting')) return memo.get('campaign.setting') as string | undefined
  const setting = (stmt(db, `SELECT setting FROM campaign WHERE id = 1`).get() as { setting: string } | undefined)?.setting
  if (setting !== undefined) memo?.set('campaign.setting', setting)
  return setting
}
