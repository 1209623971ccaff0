/**
 * An entry of a rule table as a line of text for the entries table: most entries read well as their
 * values (`brief`); a few are rows of codes that want the GM's words (the Galleys & Galleons direction die).
 */
import { DirectionRow, directionFacesWords } from '../../../../shared/galleys/tables'
import { brief } from './shape'

const Faces = DirectionRow.array()

const WORDS: Record<string, Record<string, (v: unknown) => string | null>> = {
  galleysWeather: {
    direction: (v) => {
      const rows = Faces.safeParse(v)
      return rows.success ? directionFacesWords(rows.data) : null
    }
  }
}

export function entryText(table: string, key: string, value: unknown): string {
  return WORDS[table]?.[key]?.(value) ?? brief(value)
}
