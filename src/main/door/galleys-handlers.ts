import { CommandError } from '../../shared/errors'
import { collisionCalc, criticalCalc, fateCalc, fireCalc, weatherCalc } from '../../shared/galleys/calculators'
import { DiceCountError } from '../../shared/galleys/procedures'
import type { galleysContracts } from '../../shared/commands/galleys'
import type { HandlerSpec } from './types'

type GalleysHandlers = { [N in keyof typeof galleysContracts]: HandlerSpec<N> }

/** A procedure that cannot read its input (too few or too many dice): a 400 naming the field. */
function fielded<T>(f: () => T): T {
  try {
    return f()
  } catch (e) {
    if (e instanceof DiceCountError) {
      const message = e.message.replace(/^dice: /, '')
      throw new CommandError('invalid_input', `${e.field}: ${message}`, { issues: [{ field: e.field, message }] })
    }
    throw e
  }
}

/** The Galleys & Galleons calculators (seed 000, issue 19): each wraps one of src/shared/galleys/calculators.ts, read-only. */
export const galleysHandlers: GalleysHandlers = {
  'galleys.weather': { kind: 'app', run: (_ctx, input) => fielded(() => weatherCalc(input)) },
  'galleys.critical': { kind: 'app', run: (_ctx, input) => fielded(() => criticalCalc(input)) },
  'galleys.fire': { kind: 'app', run: (_ctx, input) => fielded(() => fireCalc(input)) },
  'galleys.collision': { kind: 'app', run: (_ctx, input) => fielded(() => collisionCalc(input)) },
  'galleys.fate': { kind: 'app', run: (_ctx, input) => fielded(() => fateCalc(input)) }
}
