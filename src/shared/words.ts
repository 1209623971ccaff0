/**
 * Words a GM reads, shared by the journal (main) and the window: a battle side a voyage names by its key
 * ('ours', 'them'), a ship whose name starts with its own article ("Le Marchand Doré"), rule sources named
 * by the texts' titles, and who set a reminder.
 */

/** A battle side as a sentence names it: the keys a voyage gives its sides read as words. */
export function sideName(side: string): string {
  if (side === 'ours') return 'our squadron'
  if (side === 'them') return 'the enemy'
  return `the ${side} side`
}

/** "… hold the sea": the side that is left, as the subject of a sentence, with its verb. */
export function sideHolds(side: string): string {
  if (side === 'ours') return 'our squadron holds'
  if (side === 'them') return 'the enemy holds'
  return `${side} hold${side.endsWith('s') ? '' : 's'}`
}

// Longer articles first: "Les" must not be read as "Le" followed by an s.
const ARTICLE = /^(the|les|las|los|den|der|die|das|gli|het|le|la|el|il|lo|de|l'|l’)\s*/i

/** "the Swan", but "Le Marchand Doré" and "The Black Pearl" (a name that brings its own article). */
export function theShip(name: string): string {
  const m = ARTICLE.exec(name)
  if (m && (m[0]!.endsWith(' ') || /['’]$/.test(m[0]!))) return name
  return `the ${name}`
}

/**
 * A side of a battle named in the middle of a sentence: "the Privateers", but a name that brings its own
 * English article or possessive keeps it, lower-cased ("the squadron", "a lightly armed Vendel Frigate",
 * "our side"), and one with an article of another tongue keeps it as it is ("Les Corsaires"), as a
 * converted encounter's or a skirmish's sides are named.
 */
export function theSide(name: string): string {
  const m = /^(The|A|An|Our|Their|My|Your|His|Her|Its) (.*)$/i.exec(name)
  return m ? `${m[1]!.toLowerCase()} ${m[2]}` : theShip(name)
}

/** A refusal or a reason as a sentence: capitalised, with its full stop. */
export const sentence = (m: string): string => m.replace(/^./, (c) => c.toUpperCase()) + (/[.!?]$/.test(m) ? '' : '.')

/**
 * Rule sources, kept free of the project's own file names. Rule sources in the rule tables name the
 * texts as the developers do ("Seed 003, IV. Of Naval Combat", "rules guide §2"); a GM knows them by
 * their titles: "High Seas Combat, IV. Of Naval Combat", "Quarterdeck's rule notes".
 */
const TITLES: [RegExp, string][] = [
  [/\b[Ss]eed 003\b,?/g, 'High Seas Combat'],
  [/\b[Ss]eed 002\b,?/g, 'Naval Rules (Atrilia)'],
  [/\b[Ss]eed 001\b,?/g, 'Broadsides & Boarding Parties'],
  [/\b[Ss]eed 000\b,?/g, 'Galleys & Galleons house rules'],
  [/\b(?:[Tt]he )?[Rr]ules guide(?: §[\d–-]+)?/g, "Quarterdeck's rule notes"],
  [/\bRULES\.md(?: §[\d–-]+)?/g, "Quarterdeck's rule notes"],
  // "House default (issue 21):" — the project's own work items mean nothing to a GM.
  [/ \(issues? \d+(?:(?:,| and) \d+)*\)/g, '']
]

/** The chapters of High Seas Combat, by their numerals (seed 003's headings). */
const HIGH_SEAS_CHAPTERS: Record<string, string> = {
  I: 'Of Ship Construction',
  II: 'Of Sea Travel',
  III: 'Of Encounters at Sea',
  IV: 'Of Naval Combat',
  V: 'Of Grappling and Boarding',
  VI: 'Of Special Situations',
  VII: 'Of the Rewards of a Pirate’s Life',
  VIII: 'Of Sea Trade',
  IX: 'Of Miscellaneous Considerations'
}

/** A rule's source as a GM would name it. */
export function ruleSource(text: string): string {
  // "seed 003 V" (a bare chapter numeral): the chapter by its title, "High Seas Combat, V. Of Grappling and Boarding".
  let out = text.replace(/\b[Ss]eed 003,? (IX|VI{0,3}|IV|I{1,3})\b(?![.\d])/g, (_m, n: string) => `High Seas Combat, ${n}. ${HIGH_SEAS_CHAPTERS[n]}`)
  for (const [re, title] of TITLES) {
    out = out.replace(re, (m) => (m.endsWith(',') ? `${title},` : title))
  }
  return out
}

/** Who set a reminder, in words ('gm' reminders say nothing). */
export function reminderSourceText(source: string): string | null {
  if (source === 'gm') return null
  if (source.startsWith('ship:')) return 'set when she was commissioned'
  return 'set by Quarterdeck'
}

/** "1 gun", "3 guns": a count with its noun in the right number (the plural given where it is not noun + s). */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`
}

/** A negative number with a true minus sign ("−5"), as the GM reads it. */
export function signed(n: number): string {
  return n < 0 ? `−${-n}` : String(n)
}

/**
 * A target number as a GM reads it: "TN 15"; a TN of 1 or less is met by any roll, and says so
 * (never "TN -5").
 */
export function tnText(tn: number): string {
  return tn <= 1 ? 'any roll hits' : `TN ${tn}`
}

/** A ship's battery by name, as the log names it: "the port battery", "the bow chasers", "the stern guns". */
export function batteryName(battery: string): string {
  if (battery === 'chasers') return 'bow chasers'
  if (battery === 'stern') return 'stern guns'
  return `${battery} battery`
}

/** "guildersPerPoint" → "Guilders per point": a rule table's key as the words of its field. */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A field inside a rule table's value, in words: ["hulls", "sloop", "cost"] → "Hulls, sloop, cost"; list items by number. */
export function fieldWords(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'The value'
  const parts = path.map((p, i) => {
    const w = typeof p === 'number' ? `entry ${p + 1}` : humanize(String(p))
    return i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w.charAt(0).toLowerCase() + w.slice(1)
  })
  return parts.join(', ')
}

/** A zod problem as a GM reads it ("Expected number, received null" → "a number is needed"). */
export function problemWords(message: string): string {
  if (/^(Invalid input: )?expected number, received (null|nan|NaN|undefined|string)$/i.test(message)) return 'a number is needed'
  return message
}

const WATER_WORDS: Record<string, string> = {
  coastal: 'coastal waters',
  colonial: 'colonial waters',
  continental: 'continental waters',
  seaLane: 'a major sea lane',
  uncharted: 'uncharted waters'
}
/** A kind of water as part of a sentence: "open sea counts as a major sea lane". */
export function waterWords(kind: string): string {
  return WATER_WORDS[kind] ?? humanize(kind).toLowerCase()
}
