/**
 * How every bundled sample campaign is made (./tortuga-run.ts, ./al-zabdiyat.ts): in a throwaway app
 * home, on a clock stopped at the sample's creation time, a campaign with the sample's fixed identity
 * and dice seed, filled only through the command door by the sample's `populate`, in a fixed order, so
 * the same Quarterdeck version always makes the same file. The making is then dropped from the journal
 * (the GM starts with nothing to undo) and the file closed, checkpointed.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppSession } from '../../src/main/app/session'
import { Door } from '../../src/main/door/door'
import type { Setting } from '../../src/shared/commands/schemas'

export interface SampleIdentity {
  name: string
  setting: Setting
  uuid: string
  /** The sample's creation time, fixed so that two builds are identical. */
  createdAt: string
  /** The seed of the sample's dice, so its rolls replay the same for everyone. */
  seed: number
}

export async function buildSample(path: string, sample: SampleIdentity, populate: (door: Door) => Promise<void>, nativeBinding?: string): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'quarterdeck-sample-'))
  const fixedNow = () => new Date(sample.createdAt)
  const session = new AppSession({ home, mode: 'browser', version: 'sample', now: fixedNow, nativeBinding })
  try {
    await session.create(path, sample.name, sample.setting, { uuid: sample.uuid, createdAt: sample.createdAt, seed: sample.seed })
    await populate(new Door(session, { checkOutputs: true }))
    const file = session.campaign!
    // The GM starts from a clean slate: the sample's making is not in the undo history.
    file.db.exec(`DELETE FROM journal`) // undo steps go with it (ON DELETE CASCADE)
    session.campaign = null
    file.close()
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}
