import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import { z } from 'zod'
import type { RecentCampaign } from '../../shared/commands/schemas'

const Stored = z.array(z.object({ path: z.string(), name: z.string(), lastOpenedAt: z.string() }))
type Stored = z.infer<typeof Stored>

export const MAX_RECENT = 12

/** The recent-campaigns list, kept as a small JSON file in the app's home folder. */
export class RecentList {
  constructor(private readonly file: string) {}

  private read(): Stored {
    if (!existsSync(this.file)) return []
    try {
      return Stored.parse(JSON.parse(readFileSync(this.file, 'utf8')))
    } catch {
      return [] // a damaged list is only a convenience lost; campaigns are untouched
    }
  }

  private write(list: Stored): void {
    const tmp = this.file + '.tmp'
    writeFileSync(tmp, JSON.stringify(list, null, 2))
    renameSync(tmp, this.file)
  }

  list(): RecentCampaign[] {
    return this.read().map((r) => ({ ...r, fileName: basename(r.path), exists: existsSync(r.path) }))
  }

  touch(path: string, name: string, at: Date): void {
    const rest = this.read().filter((r) => r.path !== path)
    this.write([{ path, name, lastOpenedAt: at.toISOString() }, ...rest].slice(0, MAX_RECENT))
  }

  forget(path: string): void {
    this.write(this.read().filter((r) => r.path !== path))
  }

  /** The most recently opened campaign that still exists, if any. */
  last(): RecentCampaign | undefined {
    return this.list().find((r) => r.exists)
  }
}
