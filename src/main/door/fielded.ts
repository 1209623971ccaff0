import { CalcInputError } from '../../shared/battle/calc-error'
import { CommandError } from '../../shared/errors'
import { fieldWords } from '../../shared/words'

/**
 * A calculator whose procedure cannot read its input (a die missing or off the die, a point off the
 * compass): refused as invalid input at the field it names, the message in words ("Wind, direction:
 * the gauge has points 0 to 15"). Every ruleset's calculators run through this.
 */
export function fielded<T>(f: () => T): T {
  try {
    return f()
  } catch (e) {
    if (e instanceof CalcInputError) {
      const message = e.message.replace(/^dice: /, '')
      throw new CommandError('invalid_input', `${fieldWords(e.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)))}: ${message}`, { field: e.field, issues: [{ field: e.field, message }] })
    }
    throw e
  }
}
