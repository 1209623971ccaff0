import type { battleContracts } from '../../shared/commands/battles'
import { cannonTN, grappleNeed } from '../../shared/highseas/calc'
import { BattleSetup, HIGH_SEAS_RULES } from '../../shared/highseas/types'
import { addHeroic, addMelee, battleSummary, battleView, giveOrders, listBattles, oddsInput, removeBattle, resolveNextTurn, setControl, beginBattle, repairRudder } from '../battles/battles'
import { buildParticipants } from '../battles/participants'
import { concludeBattle, describeConclusion, reviewBattle } from '../battles/review'
import { loadBattle } from '../battles/rows'
import { getSettings } from '../campaign-core/settings'
import { runOdds } from '../highseas/odds'
import { getRule } from '../campaign-core/rules'
import { CommandError } from '../../shared/errors'
import type { AppContext, CampaignContext, HandlerSpec } from './types'

type BattleHandlers = { [N in keyof typeof battleContracts]: HandlerSpec<N> }

/**
 * What a write did, for its journal line (describe() runs after run(), with the same context).
 * Kept per context so each command's describe reads its own run's result.
 */
const said = new WeakMap<CampaignContext, string>()

/** The open campaign's High Seas rule table, else the defaults (the calculators work with no campaign open). */
const rulesOf = (ctx: AppContext) => (ctx.session.campaign ? getRule(ctx.session.campaign.db, 'highSeas') : HIGH_SEAS_RULES)

/** Commands of the issue 17 contract whose handlers are still being written (this commit only). */
const notYet = () => new CommandError('rule', 'Atrilian battles are not implemented yet.')

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

  'battles.list': { kind: 'read', run: ({ campaign: { db } }) => listBattles(db) },

  'battles.preview': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => buildParticipants(db, input.participants, BattleSetup.shape.townSurrenderAt.parse(undefined)).participants
  },

  'battles.start': {
    kind: 'write',
    run: (c, input) => {
      if (input.ruleset === 'atrilia') throw notYet()
      return beginBattle(c.campaign.db, input, c.dice)
    },
    describe: (_input, out, c) => {
      const v = battleSummary(c.campaign.db, out.battleId)
      return `Started the ${v.name}: ${v.sides.map((s) => s.names.join(', ')).join(' against ')}`
    }
  },

  'battles.state': { kind: 'read', run: ({ campaign: { db } }, input) => battleView(db, input.battleId) },

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
      const over = out.state.outcome !== 'ongoing' ? (out.state.winner ? `; the ${out.state.winner} side is left fighting` : '; the battle is over') : ''
      said.set(c, `Resolved turn ${out.report.turn} of the ${out.name}${over}`)
      return { report: out.report, state: out.state }
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Resolved a battle turn'
  },

  'battles.odds': {
    kind: 'read-async',
    run: ({ campaign: { db, path }, progress, signal }, input) => {
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

  'battles.checkOrders': { kind: 'read', run: () => { throw notYet() } },
  'battles.stepOrders': { kind: 'write', run: () => { throw notYet() }, describe: () => 'Saved the orders of a step' },
  'battles.resolveStep': { kind: 'write', run: () => { throw notYet() }, describe: () => 'Resolved a battle step' },
  'battles.sideControl': { kind: 'write', run: () => { throw notYet() }, describe: () => 'Changed who orders a side' },
  'battles.replay': { kind: 'read', run: () => { throw notYet() } },

  'battles.review': { kind: 'read', run: ({ campaign: { db } }, input) => reviewBattle(db, input.battleId) },

  'battles.conclude': {
    kind: 'write',
    run: (c, input) => {
      const db = c.campaign.db
      if (input.ruleset === 'atrilia') throw notYet()
      const out = concludeBattle(db, input)
      said.set(c, describeConclusion(db, out, input.lines))
      return { battleId: out.battleId, applied: out.applied }
    },
    describe: (_input, _out, c) => said.get(c) ?? 'Concluded a battle'
  },

  'battles.remove': {
    kind: 'write',
    run: (c, input) => {
      const out = removeBattle(c.campaign.db, input.battleId)
      said.set(c, `Deleted the ${out.name} (never concluded)`)
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
