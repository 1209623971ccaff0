import { z } from 'zod'

/**
 * The High Seas battle rule table (seed 003, IV. Of Naval Combat; V. Of Grappling and Boarding;
 * VI. Of Special Situations; the sighting rules of III), as data. `src/shared/rules/tables.ts`
 * registers it with the other rule tables; a battle takes a snapshot of it when it starts
 * (`BattleSetup.rules`), so editing the table never changes a battle already fought.
 */

const Int = (max: number, min = 0) =>
  z
    .number()
    .int('must be a whole number')
    .min(min, min === 0 ? 'must not be negative' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
const Step = Int(5)
const D10 = Int(11, 1)

export const HighSeasRulesSchema = z
  .object({
    /** Battery damage: 'multiply' = ceil(firepower × 2k2) (default); 'add' = ceil(2k2 + firepower). */
    damageReading: z.enum(['multiply', 'add']),
    /** Firepower of one long gun (seed: guns × .1). */
    firepowerPerGun: z.number().min(0).max(10),
    /** A free raise: +5 to the roll (rules guide §2 "Raise"). */
    raise: Int(20),
    /** Raises of ships firing at a fort (2) and of a fort firing (1). */
    raisesAtFort: Int(5),
    raisesFromFort: Int(5),
    /** TN modifier for shooting at ships locked in a boarding melee (seed V: −15). */
    meleeTargetTN: Int(0, -50),
    /** Crew lost with a gun (explosion or hull damage): the gun crew per long gun. */
    gunCrew: Int(20),
    /** Long-gun shots per ton of shot and powder (rules guide §2 "Shot and powder": 120). */
    shotsPerTon: Int(10000, 1),
    /** Hull damage per gun (and its crew) destroyed; rigging damage per sail crewman killed. */
    hullPerGunLost: Int(1000, 1),
    riggingPerSailorLost: Int(1000, 1),
    /** Turns a ship at 0 Hull stays afloat (the crew's two turns to get away). */
    sinkingTurns: Int(10, 1),
    /** Handling modifier of a crippled ship (rigging 0) that circles. */
    crippledHandling: Int(0, -20),
    /** Wet Sails: Speed bonus, turns wet, and the d10 face from which the sails tear. */
    wetSailsSpeed: Int(10),
    wetSailsTurns: Int(10, 1),
    wetSailsTearOn: D10,
    /** Hard Turns: Handling bonus and the d10 face from which the rudder is damaged. */
    hardTurnsHandling: Int(10),
    hardTurnsDamageOn: D10,
    /** Chase: extra range steps per full this many points of margin. */
    chaseStepPoints: Int(100, 1),
    /** Circling each other: the winner by this much fires alone. */
    circleWinMargin: Int(100, 1),
    /** Master-o'-tops' TN to re-rig a fouled sail. */
    reRigTN: Int(100),
    /** Oared ships in a calm: Speed less this much (minimum 1). */
    calmOarsSpeed: Int(10),
    /** Grappling: what the d10 must show when the grappler is smaller, the same size, larger. */
    grappleSmaller: D10,
    grappleSame: D10,
    grappleLarger: D10,
    /**
     * Trained Fighters: fraction of the crew by kind, and by nation (the largest applies). A campaign's
     * battles take these from its Trained Fighters table (src/main/battles/battles.ts `battleRules`).
     */
    fighters: z
      .object({ merchant: z.number().min(0).max(1), naval: z.number().min(0).max(1), privateer: z.number().min(0).max(1), pirate: z.number().min(0).max(1) })
      .strict(),
    nationFighters: z.array(z.object({ nation: z.string().trim().min(1).max(40), fraction: z.number().min(0).max(1) }).strict()).max(40),
    squadSize: Int(100, 1),
    /** Quick combat: a d10 from this face kills a squad (8 with Over the Side). */
    boardingKillOn: D10,
    overTheSideKillOn: D10,
    /** A crew whose Trained Fighters are outnumbered this many to one (or more) surrenders (seed 003 V). */
    surrenderRatio: z.number().min(1).max(100),
    /** Sighting and recognition ranges by weather (steps: 0 Close … 5 Extreme). */
    sighting: z.object({ clear: Step, rough: Step, storm: Step, fog: Step }).strict(),
    recognition: z.object({ clear: Step, rough: Step, storm: Step, fog: Step }).strict(),
    /** Observation TN: base at Close, and per step past Close. */
    observationBase: Int(100),
    observationPerStep: Int(100),
    /** Nearest a deep-draft ship may come to a fort (2 = Medium). */
    fortDeepDraftMin: Step,
    /** A town's guns fire as at this range (2 = Medium). */
    townFiresAt: Step
  })
  .strict()
export type HighSeasRules = z.output<typeof HighSeasRulesSchema>

export const HIGH_SEAS_RULES: HighSeasRules = {
  damageReading: 'multiply',
  firepowerPerGun: 0.1,
  raise: 5,
  raisesAtFort: 2,
  raisesFromFort: 1,
  meleeTargetTN: -15,
  gunCrew: 3,
  shotsPerTon: 120,
  hullPerGunLost: 10,
  riggingPerSailorLost: 5,
  sinkingTurns: 2,
  crippledHandling: -5,
  wetSailsSpeed: 2,
  wetSailsTurns: 2,
  wetSailsTearOn: 9,
  hardTurnsHandling: 2,
  hardTurnsDamageOn: 9,
  chaseStepPoints: 10,
  circleWinMargin: 20,
  reRigTN: 15,
  calmOarsSpeed: 2,
  grappleSmaller: 8,
  grappleSame: 6,
  grappleLarger: 4,
  fighters: { merchant: 0.25, naval: 1 / 3, privateer: 1 / 3, pirate: 1 },
  nationFighters: [
    { nation: 'Avalon', fraction: 0.5 },
    { nation: 'Vesten', fraction: 1 }
  ],
  squadSize: 6,
  boardingKillOn: 9,
  overTheSideKillOn: 8,
  surrenderRatio: 3,
  sighting: { clear: 5, rough: 3, storm: 2, fog: 2 },
  recognition: { clear: 4, rough: 2, storm: 1, fog: 1 },
  observationBase: 10,
  observationPerStep: 5,
  fortDeepDraftMin: 2,
  townFiresAt: 2
}

export const HIGH_SEAS_TABLE_DEF = {
  title: 'High Seas battles',
  description:
    'The numbers of ship-to-ship battle: battery damage reading and firepower per gun, raises, the TN modifier against ships ' +
    'locked in a melee, gun crews, shots per ton of powder, damage thresholds (hull per gun lost, rigging per sail crewman), ' +
    'turns a ship takes to sink, Wet Sails and Hard Turns, chase and circling margins, grappling faces, Trained Fighter ' +
    'fractions (a campaign\'s battles read these from the Trained Fighters table, as the Crew tab does), Brute Squad size, quick-combat kill faces and surrender odds, sighting and recognition ranges by weather, ' +
    'observation TNs, forts and towns.',
  source:
    'Seed 003, III (sighting, recognition, observation TN), IV (tactics, chases, circling, cannon fire, damage effects), V ' +
    '(grappling, Trained Fighters, Brute Squads, quick combat, −15 at a melee), VI (forts: two raises at, one from; towns ' +
    'at Medium). Rules guide §2: "Battery damage" (multiply by default, add as the toggle), "Raise" (+5), "Shot and powder" ' +
    '(120 shots a ton), Ship outfitting (3 crew per long gun).',
  seedValue: true,
  schema: HighSeasRulesSchema,
  defaults: HIGH_SEAS_RULES
}
