import type { z } from 'zod'

/**
 * The public half of a command: its name lives in the table's key, and this says what it takes,
 * what it returns and whether it writes. Handlers live in the main process; contracts are pure
 * data that the renderer may import for types without pulling in the database.
 */
export interface CommandContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** One sentence for the API docs and the command palette. */
  summary: string
  /** 'app' commands work with no campaign open; 'campaign' commands need one. */
  scope: 'app' | 'campaign'
  /** A writing command runs alone, inside one transaction, and is journalled for undo. */
  mutates: boolean
  input: I
  output: O
}

export function contract<I extends z.ZodType, O extends z.ZodType>(
  c: CommandContract<I, O>
): CommandContract<I, O> {
  return c
}
