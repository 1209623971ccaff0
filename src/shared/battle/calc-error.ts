/**
 * A procedure's input it cannot read — a die missing, too many dice, a face off the die, a point off the
 * compass — with the field it is about. One error type for every ruleset's calculators (Galleys &
 * Galleons, Broadsides & Boarding Parties): the door turns it into a refusal at that field
 * (`fielded` in src/main/door/fielded.ts).
 */
export class CalcInputError extends Error {
  constructor(
    message: string,
    readonly field: string = 'dice'
  ) {
    super(message)
    this.name = 'CalcInputError'
  }
}

/** A d6's face, or a refusal at the field: missing, or not 1 to 6. */
export function d6Face(roll: number | undefined, field = 'roll'): number {
  if (roll === undefined) throw new CalcInputError('give the die rolled (1 to 6)', field)
  if (!Number.isInteger(roll) || roll < 1 || roll > 6) throw new CalcInputError('a d6 shows 1 to 6', field)
  return roll
}
