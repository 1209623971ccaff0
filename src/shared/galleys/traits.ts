/**
 * The traits a Galleys & Galleons ship may have, as seed 000 names them: those its Traits section
 * changes (with the words the GM reads, and whether the table applies them itself), and those the
 * scenarios name, whose rules are the core book's — the GM sees them with their note and applies them.
 */

export interface TraitInfo {
  name: string
  /** What the trait does, in the GM's words. */
  note: string
  /** The table applies it itself (the others are the GM's to apply). */
  automated: boolean
  source: string
}

const T = 'Seed 000, Traits'
const S = 'Seed 000, the scenarios (a core book trait: the GM applies it)'

export const GALLEYS_TRAITS: TraitInfo[] = [
  { name: 'Chasers', note: 'Cost is only 2 points if they fire to just one of bow or stern.', automated: false, source: T },
  { name: 'Razee', note: 'Lost once she has taken two rigging criticals. May be used in a direction not In Irons that rigging hits have reduced to nothing (she moves Short).', automated: true, source: T },
  { name: 'Sweeps', note: 'Lost once she has taken two rigging criticals. (Quarterdeck lets a sail ship with Sweeps move Short in irons.)', automated: true, source: T },
  { name: 'Ornithopter', note: 'Allowed to use the Reduce Sails move to move Medium instead of Long.', automated: false, source: T },
  { name: 'Lucky', note: 'When rolling the two dice for a critical, a double ignores the critical.', automated: true, source: T },
  { name: 'Unorthodox', note: 'May use Reduce Sails to move one step slower than rolled.', automated: false, source: T },
  { name: 'Marksmen', note: 'A free Small Arms shot, nothing more (the target loses no traits on a critical).', automated: true, source: T },
  { name: 'Mutiny', note: 'Hits from a Mutiny: a die, on 1–2 a Captain Hit critical instead (unless she has already had one; then normal damage).', automated: true, source: T },
  { name: 'Flagship', note: 'Lost when her captain is killed.', automated: true, source: 'Seed 000, Critical Hits (Captain killed)' },
  { name: 'Dread Pirate', note: 'Lost when her captain is killed.', automated: true, source: 'Seed 000, Critical Hits (Captain killed)' },
  { name: 'Sluggish', note: 'A holed vessel is treated as Sluggish; one already Sluggish takes a Hull critical instead (the hole is still recorded).', automated: true, source: 'Seed 000, Critical Hits (Holed)' },
  { name: 'Reinforced Hull', note: '+1 to her collision roll.', automated: true, source: 'Seed 000, Collisions' },
  ...['Square Rig', 'Square Rigged', 'Galleon Rig', 'Lateen Rig', 'Drilled Soldiers', 'Trained Gun Crews', 'Charismatic', 'Merchantman', 'Shallow Draft', 'Swashbucklers', 'Yare'].map(
    (name) => ({ name, note: '', automated: false, source: S })
  )
]

/** A trait's information by its name (any case), or null for a trait of the GM's own. */
export function traitInfo(name: string): TraitInfo | null {
  const n = name.trim().toLowerCase()
  return GALLEYS_TRAITS.find((t) => t.name.toLowerCase() === n) ?? null
}
