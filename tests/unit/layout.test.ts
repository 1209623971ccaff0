import { describe, expect, it } from 'vitest'
import { findCycles, layoutProblems, parseSrc, type Import } from '../../scripts/layout-check'

/**
 * Issue 15: the layout explains the app. Every import in src (read with the TypeScript compiler)
 * goes downward — shells → door → battles → the setting → the campaign core → the campaign file →
 * src/shared — with no import cycle, and src/shared stays pure (no Node, Electron, database, Date or
 * Math.random). `npx tsx scripts/layout-check.ts` prints the same findings.
 */
describe('the layout of src', () => {
  const parsed = parseSrc()

  it('reads the imports of every module (the check sees the whole tree)', () => {
    expect(parsed.unresolved.map((u) => `${u.from}:${u.line} ${u.spec}`)).toEqual([])
    const from = new Set(parsed.imports.map((i) => i.from))
    expect(from.has('src/main/door/handlers.ts')).toBe(true)
    expect(from.has('src/renderer/src/views/ShipView.vue')).toBe(true)
    expect(parsed.imports.length).toBeGreaterThan(500)
  })

  it('has no import cycle', () => {
    expect(layoutProblems(parsed).cycles).toEqual([])
  })

  it('keeps src/shared pure: no Node, Electron, database or main-process import, no Date, no Math.random', () => {
    expect(layoutProblems(parsed).purity).toEqual([])
  })

  it('imports only downward: shells → door → battles → setting → campaign core → campaign file → shared; the renderer only shared', () => {
    expect(layoutProblems(parsed).direction).toEqual([])
  })

  it('finds a cycle and a purity breach when there is one (the check can fail)', () => {
    const imp = (from: string, to: string, spec = to): Import => ({ from, to, spec, local: !spec.startsWith('node:'), line: 1 })
    const cycles = findCycles([imp('src/a.ts', 'src/b.ts'), imp('src/b.ts', 'src/c.ts'), imp('src/c.ts', 'src/a.ts'), imp('src/c.ts', 'src/d.ts')])
    expect(cycles).toEqual([{ cycle: ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.ts'], tied: ['src/a.ts', 'src/b.ts', 'src/c.ts'] }])
    const p = layoutProblems({
      imports: [imp('src/shared/x.ts', 'node:fs', 'node:fs'), imp('src/shared/y.ts', 'src/main/campaign/sqlite.ts', '../main/campaign/sqlite'), imp('src/main/campaign-core/z.ts', 'src/main/theah/crew.ts', '../theah/crew')],
      impure: [{ file: 'src/shared/x.ts', line: 3, what: 'Math.random' }],
      unresolved: []
    })
    expect(p.purity).toHaveLength(3)
    expect(p.direction).toEqual([
      'src/shared/y.ts:1 (shared (pure rules and contracts)) imports src/main/campaign/sqlite.ts (session and campaign file), a layer above it',
      'src/main/campaign-core/z.ts:1 (campaign core) imports src/main/theah/crew.ts (setting (Théah)), a layer above it'
    ])
  })
})
