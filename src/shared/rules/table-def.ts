import type { z } from 'zod'

/**
 * One rule table's definition: its schema, seed or house-default values, and where its values come
 * from. Its own small module so a ruleset's tables (src/shared/atrilia/tables.ts) can be typed by it
 * while src/shared/rules/tables.ts registers them, without an import cycle.
 */
export interface RuleTableDef<S extends z.ZodType = z.ZodType> {
  title: string
  description: string
  /** Where the default values come from: a seed section, or "house default" with the rules guide's section. */
  source: string
  seedValue: boolean
  schema: S
  defaults: z.output<S>
}
