/**
 * `npm run bench`: what the one door costs on top of bare SQLite, for a read and for a write
 * (validation, serialisation, a transaction, journalling and undo capture), and what undo costs.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bench, describe } from 'vitest'
import { AppSession } from '../src/main/app/session'
import { Door } from '../src/main/door/door'

const home = mkdtempSync(join(tmpdir(), 'qd-bench-'))
const session = new AppSession({ home, mode: 'browser', version: 'bench', log: () => undefined })
const door = new Door(session, { checkOutputs: false })
await door.call('campaigns.create', { name: 'Bench', path: join(home, 'bench.quarterdeck') })
const db = session.campaign!.db
const bare = db.prepare(`SELECT name, setting, created_at FROM campaign WHERE id = 1`)
const bareWrite = db.prepare(`UPDATE campaign SET name = ? WHERE id = 1`)
let n = 0

describe('read: campaign.info', () => {
  bench('through the door', async () => {
    await door.invoke('campaign.info', {}, 'internal')
  })
  bench('bare SQL', () => {
    bare.get()
  })
})

describe('write: campaign.rename', () => {
  bench('through the door (transaction + journal + undo capture)', async () => {
    await door.invoke('campaign.rename', { name: `Bench ${n++}` }, 'internal')
  })
  bench('bare SQL (autocommit, synchronous=FULL)', () => {
    bareWrite.run(`Bench ${n++}`)
  })
})

describe('undo + redo of one rename', () => {
  bench('history.undo then history.redo', async () => {
    await door.invoke('history.undo', {}, 'internal')
    await door.invoke('history.redo', {}, 'internal')
  })
})
