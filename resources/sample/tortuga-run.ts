/**
 * The bundled sample campaign, "The Tortuga Run" (Théah setting).
 *
 * Deterministic: fixed identity and creation time, and built only through the command door, in a
 * fixed order, so the same Quarterdeck version always makes the same campaign. Later features add
 * their part here (ships, ports, companies) as further commands.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppSession } from '../../src/main/app/session'

export const SAMPLE_NAME = 'The Tortuga Run'
export const SAMPLE_FILE_NAME = 'The-Tortuga-Run.quarterdeck'
export const SAMPLE_UUID = '7e1a9c1e-0000-4000-8000-746f72747567'
/** The sample's creation time, fixed so that two builds are identical. */
export const SAMPLE_CREATED_AT = '2026-01-01T00:00:00.000Z'
/** The seed of the sample's dice, so its rolls replay the same for everyone. */
export const SAMPLE_SEED = 1668

export async function buildSampleCampaign(path: string, nativeBinding?: string): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'quarterdeck-sample-'))
  const fixedNow = () => new Date(SAMPLE_CREATED_AT)
  const session = new AppSession({ home, mode: 'browser', version: 'sample', now: fixedNow, nativeBinding })
  try {
    await session.create(path, SAMPLE_NAME, 'theah', { uuid: SAMPLE_UUID, createdAt: SAMPLE_CREATED_AT, seed: SAMPLE_SEED })
    // Later features extend the sample here, through a Door on this session (door.call(...)).
    const file = session.campaign!
    // The GM starts from a clean slate: the sample's making is not in the undo history.
    file.db.exec(`DELETE FROM journal`)
    session.campaign = null
    file.close()
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}
