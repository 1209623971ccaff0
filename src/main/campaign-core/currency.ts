import type { Db } from '../campaign/sqlite'
import { campaignSetting } from './setting'

/** The campaign's money: Guilders (G) in Théah, dinars in Atrilia. */

export function currencyOf(db: Db): string {
  return campaignSetting(db) === 'atrilia' ? 'dinars' : 'G'
}
