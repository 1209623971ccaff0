/**
 * The layout check (`npx tsx scripts/layout-check.ts`; also run by tests/unit/layout.test.ts in
 * `npm test`): every import of every .ts and .vue file in src, read with the TypeScript compiler,
 * and three rules over that graph —
 *
 * 1. no import cycle (type-only imports count: two modules that name each other are one module);
 * 2. src/shared is pure: no Node built-in, Electron, better-sqlite3 or src/main import, no `Date`,
 *    no `Math.random`;
 * 3. direction: shells (src/main/electron, src/main/http, src/main/index.ts, src/main/serve.ts,
 *    src/preload) → the door (src/main/door) → battles (src/main/battles, src/main/highseas) → the
 *    setting (src/main/theah, src/main/atrilia) → the campaign core (src/main/campaign-core) → the session and
 *    campaign file (src/main/app, src/main/campaign) → src/shared; no module imports a layer above
 *    its own (so the core never imports a setting). The renderer imports only src/shared.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

export interface Import {
  from: string
  /** The file imported (repository-relative, '/' separators), or the bare module name. */
  to: string
  spec: string
  local: boolean
  line: number
}

const rel = (abs: string) => relative(ROOT, abs).split(sep).join('/')

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p))
    else if (/\.(ts|vue|mts)$/.test(name)) out.push(p)
  }
  return out.sort()
}

/** The script blocks of a .vue file, with the text before them blanked (so line numbers hold). */
function scriptOf(file: string, text: string): string {
  if (!file.endsWith('.vue')) return text
  let out = ''
  const re = /<script\b[^>]*>([\s\S]*?)<\/script>/g
  let m: RegExpExecArray | null
  let last = 0
  while ((m = re.exec(text))) {
    const start = m.index + m[0].indexOf('>') + 1
    out += text.slice(last, start).replace(/[^\n]/g, ' ') + m[1]
    last = start + m[1]!.length
  }
  return out
}

function resolveLocal(fromFile: string, spec: string): string | null {
  const base = resolve(dirname(fromFile), spec)
  const stripped = base.replace(/\.(js|mjs)$/, '')
  const candidates = [base, `${stripped}.ts`, `${base}.ts`, `${base}.vue`, `${base}.d.ts`, join(base, 'index.ts')]
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c
  return null
}

export interface Parsed {
  imports: Import[]
  /** Uses of `Date` or `Math.random` (for the purity rule). */
  impure: { file: string; line: number; what: string }[]
  unresolved: Import[]
}

export function parseSrc(srcDir = join(ROOT, 'src')): Parsed {
  const imports: Import[] = []
  const impure: Parsed['impure'] = []
  const unresolved: Import[] = []
  for (const file of sourceFiles(srcDir)) {
    const text = scriptOf(file, readFileSync(file, 'utf8'))
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.vue') ? ts.ScriptKind.TS : ts.ScriptKind.TS)
    const lineOf = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1
    const add = (spec: string, node: ts.Node) => {
      const local = spec.startsWith('.')
      const target = local ? resolveLocal(file, spec) : null
      const imp: Import = { from: rel(file), to: target ? rel(target) : spec, spec, local, line: lineOf(node) }
      if (local && !target) unresolved.push(imp)
      else imports.push(imp)
    }
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node)
      } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
        add(node.moduleReference.expression.text, node)
      } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0]!)) {
        const callee = node.expression
        if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) add((node.arguments[0] as ts.StringLiteral).text, node)
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, node)
      }
      if (ts.isIdentifier(node) && node.text === 'Date') {
        const p = node.parent
        const isMemberName = (ts.isPropertyAccessExpression(p) && p.name === node) || (ts.isPropertyAssignment(p) && p.name === node) || (ts.isPropertySignature(p) && p.name === node)
        if (!isMemberName) impure.push({ file: rel(file), line: lineOf(node), what: 'Date' })
      }
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Math' && node.name.text === 'random') {
        impure.push({ file: rel(file), line: lineOf(node), what: 'Math.random' })
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
  }
  return { imports, impure, unresolved }
}

/** Every cycle's strongly connected set, each reported as one cycle through it ("a → b → a"). */
export function findCycles(imports: Import[]): { cycle: string[]; tied: string[] }[] {
  const graph = new Map<string, Set<string>>()
  for (const i of imports) {
    if (!i.local) continue
    if (!graph.has(i.from)) graph.set(i.from, new Set())
    graph.get(i.from)!.add(i.to)
    if (!graph.has(i.to)) graph.set(i.to, new Set())
  }
  // Tarjan's strongly connected components.
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const sccs: string[][] = []
  const strong = (v: string) => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of [...graph.get(v)!].sort()) {
      if (!idx.has(w)) {
        strong(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        scc.push(w)
      } while (w !== v)
      if (scc.length > 1 || graph.get(v)!.has(v)) sccs.push(scc.sort())
    }
  }
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v)
  // One shortest cycle through each component's first file (breadth-first within the component).
  return sccs.map((scc) => {
    const inside = new Set(scc)
    const start = scc[0]!
    const prev = new Map<string, string>()
    const queue = [start]
    const seen = new Set([start])
    while (queue.length) {
      const v = queue.shift()!
      for (const w of [...graph.get(v)!].sort()) {
        if (!inside.has(w)) continue
        if (w === start) {
          const path = [v]
          while (path[0] !== start) path.unshift(prev.get(path[0]!)!)
          return { cycle: [...path, start], tied: scc }
        }
        if (!seen.has(w)) {
          seen.add(w)
          prev.set(w, v)
          queue.push(w)
        }
      }
    }
    return { cycle: [start, start], tied: scc }
  })
}

/** The layers, lowest first; a module may import its own layer or any below it. */
export const LAYERS: { name: string; rank: number; test: (f: string) => boolean }[] = [
  { name: 'shared (pure rules and contracts)', rank: 0, test: (f) => f.startsWith('src/shared/') || f === 'src/main/log.ts' || f === 'src/main/version.ts' },
  { name: 'session and campaign file', rank: 1, test: (f) => f.startsWith('src/main/campaign/') || f.startsWith('src/main/app/') },
  { name: 'campaign core', rank: 2, test: (f) => f.startsWith('src/main/campaign-core/') },
  { name: 'setting (Théah)', rank: 3, test: (f) => f.startsWith('src/main/theah/') },
  { name: 'setting (Atrilia)', rank: 3, test: (f) => f.startsWith('src/main/atrilia/') },
  { name: 'battles', rank: 4, test: (f) => f.startsWith('src/main/battles/') || f.startsWith('src/main/highseas/') },
  { name: "players' screen", rank: 4.5, test: (f) => f.startsWith('src/main/players/') },
  { name: 'door', rank: 5, test: (f) => f.startsWith('src/main/door/') },
  {
    name: 'shell',
    rank: 6,
    test: (f) => f.startsWith('src/main/electron/') || f.startsWith('src/main/http/') || f === 'src/main/index.ts' || f === 'src/main/serve.ts' || f.startsWith('src/preload/')
  }
]

export const layerOf = (f: string) => LAYERS.find((l) => l.test(f)) ?? null

const NODE_BUILTINS = new Set(builtinModules)

export function layoutProblems(parsed: Parsed = parseSrc()): { cycles: string[]; purity: string[]; direction: string[] } {
  const cycles = findCycles(parsed.imports).map(
    (c) => `import cycle: ${c.cycle.join(' → ')}${c.tied.length > c.cycle.length - 1 ? ` (${c.tied.length} modules tied in one loop: ${c.tied.join(', ')})` : ''}`
  )
  const purity: string[] = []
  for (const i of parsed.imports) {
    if (!i.from.startsWith('src/shared/')) continue
    const bad =
      i.spec.startsWith('node:') || NODE_BUILTINS.has(i.spec) || i.spec === 'electron' || i.spec.startsWith('electron/') || i.spec === 'better-sqlite3' || (i.local && !i.to.startsWith('src/shared/'))
    if (bad) purity.push(`${i.from}:${i.line} imports ${i.spec} (src/shared is pure: no Node, Electron, database or main-process code)`)
  }
  for (const u of parsed.impure) if (u.file.startsWith('src/shared/')) purity.push(`${u.file}:${u.line} uses ${u.what} (src/shared is pure: time and chance come in as inputs)`)
  const direction: string[] = []
  for (const i of parsed.imports) {
    if (!i.local) continue
    if (i.from.startsWith('src/renderer/')) {
      if (!i.to.startsWith('src/renderer/') && !i.to.startsWith('src/shared/')) direction.push(`${i.from}:${i.line} imports ${i.to} (the renderer imports only src/shared)`)
      continue
    }
    const a = layerOf(i.from)
    const b = layerOf(i.to)
    if (!a) {
      direction.push(`${i.from} is in no layer (add its folder to LAYERS in scripts/layout-check.ts)`)
      continue
    }
    if (!i.to.startsWith('src/')) continue // the sample campaign's builder, used by the shells
    if (!b) direction.push(`${i.to} is in no layer (add its folder to LAYERS in scripts/layout-check.ts)`)
    else if (b.rank > a.rank) direction.push(`${i.from}:${i.line} (${a.name}) imports ${i.to} (${b.name}), a layer above it`)
  }
  return { cycles, purity, direction: [...new Set(direction)] }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (isMain) {
  const parsed = parseSrc()
  const p = layoutProblems(parsed)
  const all = [...p.cycles, ...p.purity, ...p.direction, ...parsed.unresolved.map((u) => `${u.from}:${u.line} imports ${u.spec}, which is not there`)]
  console.log(all.length ? all.join('\n') : `The layout holds: ${parsed.imports.length} imports, no cycle, src/shared pure, every import downward.`)
  process.exit(all.length ? 1 : 0)
}
