import type { battleContracts } from '../../shared/commands/battles'
import { cannonTN, grappleNeed } from '../../shared/highseas/calc'
import { BattleSetup, HIGH_SEAS_RULES } from '../../shared/highseas/types'
import { addHeroic, addMelee, battleView, giveOrders, oddsInput, removeBattle, resolveNextTurn, setControl, beginBattle, repairRudder } from '../battles/battles'
import { buildParticipants } from '../battles/participants'
import { concludeBattle, describeConclusion, reviewBattle } from '../battles/review'
import { loadBattle } from '../battles/rows'
import { getSettings } from '../campaign-core/settings'
import { runOdds } from '../highseas/odds'
import { getRule } from '../campaign-core/rules'
import { CommandError } from '../../shared/errors'
import { beginAtriliaBattle } from '../battles/atrilia'
import { beginGalleysBattle } from '../battles/galleys'
import { concludeGalleysBattle, reviewGalleysBattle } from '../battles/galleys-review'
import { concludeConverted, convertedReview, underCampaign } from '../battles/conversion'
import { atrilianConvertedReview, concludeAtrilianConverted, isAtrilianConverted } from '../battles/conversion-atrilia'
import { beginBroadsidesBattle } from '../battles/broadsides'
import { concludeBroadsidesBattle, reviewBroadsidesBattle } from '../battles/broadsides-review'
import { concludeAtriliaBattle, reviewAtriliaBattle } from '../battles/atrilia-review'
import { anySummary, defOfBattle, listAllBattles } from '../battles/by-ruleset'
import { RULESET_NAMES, rulesetOf, theBattle } from '../battles/rows'
import { sideName } from '../../shared/words'
import type { TurnReport, BattleState } from '../../shared/highseas/types'
import { checkStepOrders, concludeStepped, replayStepped, resolveNextStep, saveStepOrders, setSideControl, steppedOddsInput, steppedView } from '../battles/stepped'
import { labelOf } from '../campaign-core/clock-state'
import { runSteppedOdds, type SteppedOddsRuleset } from '../highseas/odds'
import type { CommandOutput } from '../../shared/commands'
import type { AppContext, CampaignContext, HandlerSpec } from './types'

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)

/** The journal's line for a resolved High Seas turn (battles.resolveTurn and battles.resolveStep say the same). */
function turnResolved(report: TurnReport, state: BattleState, name: string): string {
  const over = state.outcome !== 'ongoing' ? (state.winner ? `; the ${state.winner} side is left fighting` : '; the battle is over') : ''
  return `Resolved turn ${report.turn} of the ${name}${over}`
}

type BattleHandlers = { [N in keyof typeof battleContracts]: HandlerSpec<N> }

/**
 * What a write did, for its journal line (describe() runs after run(), with the same context).
 * Kept per context so each command's describe reads its own run's result.
 */
const said = new WeakMap<CampaignContext, string>()

/** The open campaign's High Seas rule table, else the defaults (the calculators work with no campaign open). */
const rulesOf = (ctx: AppContext) => (ctx.session.campaign ? getRule(ctx.session.campaign.db, 'highSeas') : HIGH_SEAS_RULES)

/** High Seas battles (seed 003, IV–VI) and their calculators. */
export const battleHandlers: BattleHandlers = {
  'highseas.cannonTN': {
    kind: 'app',
    run: (ctx, input) =>
      cannonTN(
        {
          attacker: input.attacker,
          target: input.target,
          range: input.range,
          aim: input.aim,
          fort: input.fort,
          meleeTarget: input.meleeTarget
        },
        rulesOf(ctx)
      )
  },

  'highseas.grapple': { kind: 'app', run: (ctx, input) => grappleNeed(input.grapplerSize, input.targetSize, rulesOf(ctx)) },

  'battles.list': { kind: 'read', run: ({ campaign: { db } }) => listAllBattles(db) },

  'battles.preview': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => buildParticipants(db, input.participants, BattleSetup.shape.townSurrenderAt.parse(undefined)).participants
  },

  'battles.start': {
    kind: 'write',
    run: (c, input) =>
      input.ruleset === 'atrilia'
        ? beginAtriliaBattle(c.campaign.db, input, c.dice)
        : input.ruleset === 'galleys'
          ? beginGalleysBattle(c.campaign.db, input, c.dice)
          : input.ruleset === 'broadsides'
            ? beginBroadsidesBattle(c.campaign.db, input, c.dice)
            : beginBattle(c.campaign.db, input, c.dice),
    describe: (_input, out, c) => {
      const v = anySummary(c.campaign.db, out.battleId)
      return `Started ${theBattle(v.name)}: ${v.sides.map((s) => s.names.join(', ')).join(' against ')}`
    }
  },

  'battles.state': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => {
      // High Seas keeps its own view (the range-band board reads it); every other ruleset the generic one.
      if (rulesetOf(db, input.battleId) === 'highSeas') return battleView(db, input.battleId)
      return steppedView(db, defOfBattle(db, input.battleId), input.battleId, labelOf(db)) as CommandOutput<'battles.state'>
    }
  },

  'battles.orders': {
    kind: 'write',
    run: (c, input) => {
      const out = giveOrders(c.campaign.db, input)
      said.set(c, `Orders for the ${out.name} in the ${out.battle}: ${out.tactic}`)
      return { participantId: out.participantId, orders: out.orders, notes: out.notes }
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Gave a ship her orders'
  },

  'battles.control': {
    kind: 'write',
    run: (c, input) => {
      const out = setControl(c.campaign.db, input)
      said.set(
        c,
        out.control === 'ai'
          ? `Handed the ${out.name} to the AI captain in the ${out.battle}`
          : `Took over the ${out.name} from the AI captain in the ${out.battle}`
      )
      return { participantId: out.participantId, control: out.control }
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Changed who commands a ship'
  },

  'battles.melee': {
    kind: 'write',
    run: (c, input) => {
      const out = addMelee(c.campaign.db, input)
      said.set(c, `${out.text} (${out.battle})`)
      return out.pending
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Entered the result of a boarding melee'
  },

  'battles.heroic': {
    kind: 'write',
    run: (c, input) => {
      const out = addHeroic(c.campaign.db, input)
      said.set(c, `Heroic action: ${out.text} (${out.battle})`)
      return out.pending
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Recorded a heroic action'
  },

  'battles.resolveTurn': {
    kind: 'write',
    run: (c, input) => {
      const db = c.campaign.db
      const out = resolveNextTurn(db, input, getSettings(db).diceMode, 'battles.resolveTurn')
      said.set(c, turnResolved(out.report, out.state, out.name))
      return { report: out.report, state: out.state }
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Resolved a battle turn'
  },

  'battles.odds': {
    kind: 'read-async',
    run: ({ campaign: { db, path }, progress, signal }, input) => {
      const def = defOfBattle(db, input.battleId)
      if (input.runs > def.oddsMaxRuns) {
        const most = def.oddsMaxRuns.toLocaleString('en')
        throw new CommandError('invalid_input', `runs: at most ${most} runs for a battle under ${RULESET_NAMES[def.ruleset.id]} (about five seconds of play); ask for ${most} or fewer.`, {
          field: 'runs',
          max: def.oddsMaxRuns,
          issues: [{ field: 'runs', message: `at most ${most} runs` }]
        })
      }
      if (def.ruleset.id !== 'highSeas') {
        if (input.mode !== 'ai') {
          throw new CommandError('invalid_input', 'mode: the odds of a battle played in steps play the AI on every side from now ("ai"); "asOrdered" is for High Seas turns.', {
            field: 'mode',
            issues: [{ field: 'mode', message: 'only "ai" for this battle' }]
          })
        }
        const o = steppedOddsInput(db, def, input.battleId)
        const key = `${path}#${input.battleId}#ai`
        return () =>
          runSteppedOdds(def.ruleset.id as SteppedOddsRuleset, o.setup, o.state, input.runs, (done, total) => progress(done, total, `${done.toLocaleString('en')} of ${total.toLocaleString('en')} runs`), {
            key,
            seed: o.seed,
            ...(signal ? { signal } : {})
          })
      }
      const { setup, state } = oddsInput(db, input.battleId)
      // This turn as ordered: the orders, melee results and heroic actions waiting for it.
      const firstTurn = input.mode === 'asOrdered' ? loadBattle(db, input.battleId).pending : undefined
      // One simulation per battle and kind: asking again stops the one still running.
      const key = `${path}#${input.battleId}#${input.mode}`
      return () =>
        runOdds(setup, state, input.runs, (done, total) => progress(done, total, `${done.toLocaleString('en')} of ${total.toLocaleString('en')} runs`), {
          key,
          ...(signal ? { signal } : {}),
          ...(firstTurn ? { firstTurn } : {})
        })
    }
  },

  'battles.checkOrders': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => checkStepOrders(db, defOfBattle(db, input.battleId), input.battleId, input.orders)
  },

  'battles.stepOrders': {
    kind: 'write',
    run: (c, input) => {
      const db = c.campaign.db
      const out = saveStepOrders(db, defOfBattle(db, input.battleId), input.battleId, input.orders)
      said.set(c, `Orders for ${lowerFirst(out.label)} in ${theBattle(out.name)}`)
      return { pending: out.pending as CommandOutput<'battles.stepOrders'>['pending'] }
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Gave the orders of a battle step'
  },

  'battles.resolveStep': {
    kind: 'write',
    run: (c, input) => {
      const db = c.campaign.db
      const def = defOfBattle(db, input.battleId)
      const out = resolveNextStep(db, def, input.battleId, input.dice, getSettings(db).diceMode, 'battles.resolveStep')
      said.set(
        c,
        def.ruleset.id === 'highSeas'
          ? turnResolved(out.report as TurnReport, out.state as BattleState, out.name)
          : `Resolved ${lowerFirst(out.label)} of ${theBattle(out.name)}${out.byAi ? ' (the AI’s orders)' : ''}${out.outcome ? `; the battle is over: ${out.outcome.reason}` : ''}`
      )
      return { report: out.report, state: out.state, step: out.step, outcome: out.outcome } as CommandOutput<'battles.resolveStep'>
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Resolved a battle step'
  },

  'battles.sideControl': {
    kind: 'write',
    run: (c, input) => {
      const db = c.campaign.db
      const def = defOfBattle(db, input.battleId)
      const out = setSideControl(db, def, input.battleId, input.side, input.control)
      // A High Seas side is its ships, each with her AI captain; an Atrilian side has one AI player.
      const who = def.ruleset.id === 'highSeas' ? sideName(out.side) : `the ${out.name}`
      const ai = def.ruleset.id === 'highSeas' ? 'the AI captains' : 'the AI'
      said.set(c, out.control === 'ai' ? `Handed ${who} to ${ai} in ${theBattle(out.battle)}` : `Took over ${who} from ${ai} in ${theBattle(out.battle)}`)
      return { side: out.side, control: out.control }
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Changed who orders a side'
  },

  'battles.replay': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => replayStepped(db, defOfBattle(db, input.battleId), input.battleId)
  },

  'battles.review': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => {
      const ruleset = rulesetOf(db, input.battleId)
      if (ruleset === 'broadsides') return reviewBroadsidesBattle(db, input.battleId)
      if (ruleset === 'atrilia') {
        // A Théah encounter fought on the hex map (issue 21): its Théah lines, and none of the hex battle's own.
        const campaign = convertedReview(db, input.battleId)
        const own = reviewAtriliaBattle(db, input.battleId)
        return campaign ? { ...own, lines: [], campaign } : own
      }
      if (ruleset === 'galleys') return reviewGalleysBattle(db, input.battleId)
      // An Atrilian encounter fought in range bands (issue 21): its Atrilian lines, and none of High Seas' own.
      const campaign = atrilianConvertedReview(db, input.battleId)
      return campaign ? { battleId: input.battleId, lines: [], heroic: [], campaign } : reviewBattle(db, input.battleId)
    }
  },

  'battles.conclude': {
    kind: 'write',
    run: (c, input) => {
      const db = c.campaign.db
      const stored = rulesetOf(db, input.battleId)
      if (input.ruleset === 'broadsides') {
        if (stored !== 'broadsides') {
          throw new CommandError('invalid_input', `ruleset: ${theBattle(anySummary(db, input.battleId).name, true)} is fought under ${RULESET_NAMES[stored]}, not the Broadsides & Boarding Parties rules: conclude it with its own ruleset.`, {
            field: 'ruleset',
            ruleset: stored
          })
        }
        if (convertedReview(db, input.battleId)) {
          // A campaign encounter fought as a duel (issue 21): the review written back.
          const out = concludeConverted(db, input.battleId, input.lines)
          said.set(c, out.said)
          return { battleId: out.battleId, applied: out.applied.map((a) => ({ participantId: a.ship, shipId: a.shipId, text: a.text })) }
        }
        if (input.lines) {
          throw new CommandError('invalid_input', `lines: ${theBattle(anySummary(db, input.battleId).name)} is not a campaign encounter: it has no review lines to write back.`, { field: 'lines' })
        }
        const out = concludeBroadsidesBattle(db, input.battleId)
        said.set(c, out.said)
        return { battleId: out.battleId, applied: [] }
      }
      if (input.ruleset === 'galleys') {
        if (stored !== 'galleys') {
          throw new CommandError('invalid_input', `ruleset: ${theBattle(anySummary(db, input.battleId).name, true)} is fought under ${RULESET_NAMES[stored]}, not the Galleys & Galleons rules: conclude it with its own ruleset.`, {
            field: 'ruleset',
            ruleset: stored
          })
        }
        if (convertedReview(db, input.battleId)) {
          // A campaign encounter fought on the table (issue 21): the review written back.
          const out = concludeConverted(db, input.battleId, input.lines)
          said.set(c, out.said)
          return { battleId: out.battleId, applied: out.applied.map((a) => ({ participantId: a.ship, shipId: a.shipId, text: a.text })) }
        }
        if (input.lines) {
          throw new CommandError('invalid_input', `lines: ${theBattle(anySummary(db, input.battleId).name)} is not a campaign encounter: it has no review lines to write back.`, { field: 'lines' })
        }
        const out = concludeGalleysBattle(db, input.battleId)
        said.set(c, out.said)
        return { battleId: out.battleId, applied: [] }
      }
      if (input.ruleset === 'atrilia') {
        const def = defOfBattle(db, input.battleId)
        if (def.ruleset.id === 'highSeas') {
          throw new CommandError('rule', `${theBattle(anySummary(db, input.battleId).name, true)} is a High Seas battle: conclude it with its review lines (battles.review gives them), which write its outcome to the campaign.`, {
            field: 'ruleset',
            ruleset: 'highSeas'
          })
        }
        if (convertedReview(db, input.battleId)) {
          // A Théah encounter fought on the hex map (issue 21): the Théah review written back.
          if (input.lines?.length) throw new CommandError('invalid_input', `lines: ${theBattle(anySummary(db, input.battleId).name)} was a Théah encounter fought by conversion: its lines are the review's campaign lines.`, { field: 'lines' })
          const out = underCampaign(() => concludeConverted(db, input.battleId, input.campaign?.lines))
          said.set(c, out.said)
          return { battleId: out.battleId, applied: out.applied.map((a) => ({ participantId: a.ship, shipId: a.shipId, text: a.text })) }
        }
        if (input.campaign) throw new CommandError('invalid_input', `campaign: ${theBattle(anySummary(db, input.battleId).name)} was not fought by conversion: give its own lines.`, { field: 'campaign' })
        const out = concludeAtriliaBattle(db, input)
        said.set(c, out.said)
        return { battleId: out.battleId, applied: out.applied }
      }
      if (rulesetOf(db, input.battleId) !== 'highSeas') {
        throw new CommandError('invalid_input', 'ruleset: this battle is not a High Seas battle: conclude it with {battleId, ruleset} (no review lines).', { field: 'ruleset' })
      }
      if (isAtrilianConverted(db, input.battleId)) {
        // An Atrilian encounter fought in range bands (issue 21): the Atrilian review written back.
        if (input.lines?.length) throw new CommandError('invalid_input', `lines: ${theBattle(anySummary(db, input.battleId).name)} was an Atrilian encounter fought by conversion: its lines are the review's campaign lines.`, { field: 'lines' })
        const out = concludeAtrilianConverted(db, input.battleId, input.campaign?.lines)
        said.set(c, out.said)
        return { battleId: out.battleId, applied: out.applied }
      }
      if (input.campaign) throw new CommandError('invalid_input', `campaign: ${theBattle(anySummary(db, input.battleId).name)} was not fought by conversion: give its own lines.`, { field: 'campaign' })
      if (!input.lines) throw new CommandError('invalid_input', 'lines: give the review’s lines (what concluding writes for each ship).', { field: 'lines', issues: [{ field: 'lines', message: 'required' }] })
      const out = concludeBattle(db, { battleId: input.battleId, lines: input.lines })
      said.set(c, describeConclusion(db, out, input.lines))
      return { battleId: out.battleId, applied: out.applied }
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Concluded a battle'
  },

  'battles.remove': {
    kind: 'write',
    run: (c, input) => {
      const out = removeBattle(c.campaign.db, input.battleId)
      said.set(c, `Deleted ${theBattle(out.name)} (never concluded)`)
      return { battleId: out.battleId }
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Deleted a battle'
  },

  'ships.repairRudder': {
    kind: 'write',
    run: (c, input) => repairRudder(c.campaign.db, input, getSettings(c.campaign.db).allowDebt),
    describe: (_input, out) => `Mended the ${out.name}'s rudder${out.port ? ` in ${out.port}` : ''} (Handling +${out.mended}) for ${out.cost.toLocaleString('en')}`
  }
}
