import { CommandError } from '../../shared/errors'
import type { HistoryEntry } from '../../shared/commands/schemas'
import { fileNameFor, resolveCampaignPath } from '../app/paths'
import { flipEntry } from '../campaign/undo'
import { stmt, type Db } from '../campaign/sqlite'
import { labelOf } from '../campaign-core/clock-state'
import { drawChartTemplate } from '../theah/chart-template'
import { drawAtrilianChart } from '../atrilia/chart-template'
import type { AppContext, HandlerTable } from './types'
import '../theah/setting' // the Théah setting: its procedures register their clock steps and rules
import '../atrilia/setting' // the Atrilia setting (issue 18): its shipyard, crews and ship sheet
import { coreHandlers } from './core-handlers'
import { shipHandlers } from './ship-handlers'
import { battleHandlers } from './battle-handlers'
import { crewHandlers } from './crew-handlers'
import { voyageHandlers } from './voyage-handlers'
import { conversionHandlers } from './conversion-handlers'
import { chartImageHandlers } from './chart-image-handlers'
import { tradeHandlers } from './trade-handlers'
import { ventureHandlers } from './venture-handlers'
import { atriliaHandlers } from './atrilia-handlers'
import { galleysHandlers } from './galleys-handlers'
import { broadsidesHandlers } from './broadsides-handlers'
import { playerHandlers } from './player-handlers'
import { readdirSync, statSync, type Stats } from 'node:fs'
import { join } from 'node:path'

const pathOf = (ctx: AppContext, given: string) =>
  resolveCampaignPath(given, ctx.session.paths, ctx.confined, ctx.session.allowedFiles)

interface JournalRow {
  seq: number
  at: string
  command: string
  summary: string
  undone: number
  /** The campaign day the change left the clock on (null for changes made before it was kept). */
  day: number | null
}
/** Only the contract's fields: journal rows also hold the raw input and undo bookkeeping. */
const toEntry = (db: Db, r: JournalRow): HistoryEntry => ({
  seq: r.seq,
  at: r.at,
  command: r.command,
  summary: r.summary,
  undone: r.undone === 1,
  day: r.day ?? null,
  dateLabel: r.day === null || r.day === undefined ? null : labelOf(db)(r.day)
})

/** The newest entry that is not undone, if it can be undone. */
function undoTarget(db: Db): JournalRow | undefined {
  const r = stmt(db, `SELECT * FROM journal WHERE undone = 0 ORDER BY seq DESC LIMIT 1`).get() as
    | (JournalRow & { undoable: number })
    | undefined
  return r && r.undoable === 1 ? r : undefined
}
/** The oldest undone entry: the next to redo. */
function redoTarget(db: Db): JournalRow | undefined {
  return stmt(db, `SELECT * FROM journal WHERE undone = 1 ORDER BY seq ASC LIMIT 1`).get() as JournalRow | undefined
}

/** App-level and journal commands. */
const appHandlers = {
  'app.status': { kind: 'app', run: ({ session }) => session.status() },

  'campaigns.recent': { kind: 'app', run: ({ session }) => session.recent.list() },

  'campaigns.available': {
    kind: 'app',
    run: ({ session }) => {
      const dir = session.paths.campaignsDir
      const out: { path: string; fileName: string; bytes: number; modifiedAt: string }[] = []
      for (const f of readdirSync(dir)) {
        if (!f.endsWith('.quarterdeck')) continue
        let st: Stats
        try {
          st = statSync(join(dir, f)) // follows a symlink: a dangling one throws
        } catch (e) {
          session.log(`campaigns.available: skipped ${f}: it cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}; a link to a file that is not there?)`)
          continue
        }
        if (!st.isFile()) {
          session.log(`campaigns.available: skipped ${f}: it is not a file`)
          continue
        }
        out.push({ path: join(dir, f), fileName: f, bytes: st.size, modifiedAt: st.mtime.toISOString() })
      }
      return out.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt))
    }
  },

  'campaigns.create': {
    kind: 'app',
    run: async (ctx, input) => {
      const path = pathOf(ctx, input.path ?? fileNameFor(input.name))
      await ctx.session.create(path, input.name, input.setting)
      // Issue 16, point 12: a Théah campaign may start with the sample's chart (part of its making, not undoable).
      if (input.chart === 'theah') drawChartTemplate(ctx.session.campaign!.db)
      // Issue 18: an Atrilia campaign may start with the coasts around al-Zabdiyat (in km).
      if (input.chart === 'atrilia') drawAtrilianChart(ctx.session.campaign!.db)
      return ctx.session.status()
    }
  },

  'campaigns.open': {
    kind: 'app',
    run: async (ctx, input) => {
      await ctx.session.open(pathOf(ctx, input.path), { readOnly: input.readOnly })
      return ctx.session.status()
    }
  },

  'campaigns.openSample': {
    kind: 'app',
    run: async ({ session }, input) => {
      await session.openSample(input.sample)
      return session.status()
    }
  },

  'campaigns.close': {
    kind: 'app',
    run: async ({ session }) => {
      await session.close()
      return session.status()
    }
  },

  'campaigns.forget': {
    kind: 'app',
    run: ({ session }, input) => {
      session.recent.forget(input.path)
      return session.recent.list()
    }
  },

  'backups.list': { kind: 'app', run: ({ session }) => session.backups() },

  'backups.create': { kind: 'campaign-async', run: ({ session }, input) => session.backupNow(input.name || null) },

  'backups.restore': {
    kind: 'app',
    run: async ({ session }, input) => {
      await session.restore(input.id)
      return session.status()
    }
  },

  'campaign.info': { kind: 'read', run: ({ campaign }) => campaign.info() },

  'campaign.checkFile': { kind: 'read', run: ({ campaign }) => campaign.checkFile() },

  'campaign.rename': {
    kind: 'write',
    run: ({ campaign }, input) => {
      stmt(campaign.db, `UPDATE campaign SET name = ? WHERE id = 1`).run(input.name)
      return campaign.info()
    },
    describe: (input) => `Renamed the campaign to “${input.name}”`
  },

  'history.list': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => ({
      entries: (stmt(db, `SELECT * FROM journal ORDER BY seq DESC LIMIT ? OFFSET ?`).all(input.limit, input.offset) as JournalRow[]).map((r) => toEntry(db, r)),
      total: (stmt(db, `SELECT count(*) AS n FROM journal`).get() as { n: number }).n,
      canUndo: undoTarget(db) !== undefined,
      canRedo: redoTarget(db) !== undefined
    })
  },

  'history.undo': {
    kind: 'campaign-async',
    run: async ({ session, campaign: { db } }, input) => {
      const entry = db.transaction(() => {
        const target = undoTarget(db)
        if (!target) throw new CommandError('rule', 'There is nothing to undo.')
        if (input.seq !== undefined && input.seq !== target.seq) {
          throw new CommandError('rule', `That change is no longer the latest, so it cannot be undone on its own: undo “${target.summary}” first.`, {
            field: 'seq'
          })
        }
        flipEntry(db, target.seq)
        stmt(db, `UPDATE journal SET undone = 1 WHERE seq = ?`).run(target.seq)
        return toEntry(db, { ...target, undone: 1 })
      })()
      await session.afterWrite() // the campaign changed: it needs backing up like any write
      return entry
    }
  },

  'history.redo': {
    kind: 'campaign-async',
    run: async ({ session, campaign: { db } }) => {
      const entry = db.transaction(() => {
        const target = redoTarget(db)
        if (!target) throw new CommandError('rule', 'There is nothing to redo.')
        flipEntry(db, target.seq)
        stmt(db, `UPDATE journal SET undone = 0 WHERE seq = ?`).run(target.seq)
        return toEntry(db, { ...target, undone: 0 })
      })()
      await session.afterWrite()
      return entry
    }
  }
} satisfies Partial<HandlerTable>

/** Every command's handler, keyed exactly like the contract table (the type checker holds them in step). */
export const handlers: HandlerTable = { ...appHandlers, ...coreHandlers, ...shipHandlers, ...battleHandlers, ...crewHandlers, ...voyageHandlers, ...chartImageHandlers, ...tradeHandlers, ...ventureHandlers, ...atriliaHandlers, ...galleysHandlers, ...broadsidesHandlers, ...conversionHandlers, ...playerHandlers }
