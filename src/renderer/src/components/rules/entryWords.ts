/**
 * An entry of a rule table as a line of text for the entries table: most entries read well as their
 * values (`brief`); a few are rows of codes that want the GM's words (the Galleys & Galleons direction die).
 */
import { DirectionRow, WIND_MARKER_NAMES, WIND_MARKERS, WIND_TURN_WORDS, directionFacesWords } from '../../../../shared/galleys/tables'
import { brief, type Scalar } from './shape'

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

/** A column of a list of records whose values are codes: the choices, each in words. */
export type Choice = { value: Scalar | null; label: string }

const CHOICES: Record<string, Record<string, Record<string, Choice[]>>> = {
  galleysWeather: {
    direction: {
      turn: (['anticlockwise', 'clockwise'] as const).map((t) => ({ value: t, label: WIND_TURN_WORDS[t].charAt(0).toUpperCase() + WIND_TURN_WORDS[t].slice(1) })),
      marker: [{ value: null, label: 'No marker' }, ...WIND_MARKERS.map((m) => ({ value: m, label: `${WIND_MARKER_NAMES[m]} marker` }))]
    }
  }
}

/** For an entry that is a list of records: its columns that are picked from choices (shown in words), if any. */
export function entryChoices(table: string, key: string): Record<string, Choice[]> | undefined {
  return CHOICES[table]?.[key]
}
