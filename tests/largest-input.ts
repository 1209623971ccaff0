/**
 * The largest input a command's schema allows (its JSON Schema, as GET /api/commands gives it):
 * every optional field given, strings and arrays at their longest, numbers at their highest. Used by
 * the bound test (tests/integration/command-bounds.test.ts) and `npm run reliability`.
 */
export type Json = Record<string, unknown>

/** The largest value a JSON Schema allows: every optional field given, strings and arrays at their longest, numbers at their highest. */
export function largest(s: Json | undefined, key = ''): unknown {
  if (!s) return null
  if (s.const !== undefined) return s.const
  if (Array.isArray(s.enum)) return s.enum[s.enum.length - 1]
  for (const k of ['anyOf', 'oneOf'] as const) {
    const branches = s[k] as Json[] | undefined
    if (branches) {
      const b = branches.find((x) => x.type !== 'null') ?? branches[0]
      return largest(b, key)
    }
  }
  if (Array.isArray(s.allOf)) return largest((s.allOf as Json[])[0], key)
  switch (s.type) {
    case 'object': {
      const out: Json = {}
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Json>)) out[k] = largest(v, k)
      return out
    }
    case 'array': {
      const n = typeof s.maxItems === 'number' ? s.maxItems : 1000
      const items = s.items as Json | undefined
      return Array.from({ length: n }, () => largest(items, key))
    }
    case 'string': {
      const n = typeof s.maxLength === 'number' ? s.maxLength : 10_000
      if (typeof s.pattern === 'string') return 'a'.repeat(Math.min(n, 64))
      return 'a'.repeat(n)
    }
    case 'integer':
    case 'number': {
      // An id is a row that exists in the sample (1) — the largest id only finds nothing, fast.
      if (/(^id$|Id$)/.test(key)) return 1
      const max = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : Number.MAX_SAFE_INTEGER
      return s.type === 'integer' ? Math.floor(max) : max
    }
    case 'boolean':
      return true
    default:
      return null
  }
}

