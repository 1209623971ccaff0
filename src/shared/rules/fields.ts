import { z } from 'zod'
import { NotationError, parseNotation } from '../dice/notation'

/** Field schemas the rule tables share, with the messages a GM sees when an edit is refused. */

/** A whole number from `min` (0 by default) to `max`. */
export const Int = (max: number, min = 0) =>
  z
    .number()
    .int('must be a whole number')
    .min(min, min === 0 ? 'must not be negative' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`)

/** Dice notation (1k1+2, 2d10 …), up to 20 characters; `examples` ends the message when it is not. */
export const NotationField = (examples: string) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(20, 'must be at most 20 characters')
    .refine(
      (s) => {
        try {
          parseNotation(s)
          return true
        } catch (e) {
          if (e instanceof NotationError) return false
          throw e
        }
      },
      { message: `must be dice notation such as ${examples}` }
    )
