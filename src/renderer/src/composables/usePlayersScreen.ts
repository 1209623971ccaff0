import { ref, type Ref } from 'vue'
import type { PlayerSettings } from '../../../shared/commands/players'
import { call, CommandFailure } from '../door'
import { playersLink } from '../players/playersLink'

/** A change of the players' screen's settings (players.set's input). */
export type PlayersChange = Parameters<typeof call<'players.set'>>[1]

/** A refusal of a players' command in words: the door's words for the field, without its key; a sentence. */
export function playersRefusal(e: unknown): string {
  const issues = e instanceof CommandFailure ? ((e.details as { issues?: { message: string }[] } | null)?.issues ?? []) : []
  const raw = issues.length ? issues.map((i) => i.message).join('; ') : e instanceof Error ? e.message.replace(/^[\w.]+: /, '') : String(e)
  return raw.replace(/^./, (c) => c.toUpperCase()) + (/[.!?]$/.test(raw) ? '' : '.')
}

/**
 * The "Players' screen…" dialog a battle's page and a voyage's page open (issue 21): its settings and
 * the read-only link read when it opens (opening only reads), a change sent through the door with its
 * refusal in words, and the link opened in its own window.
 */
export function usePlayersScreen(): {
  open: Ref<boolean>
  settings: Ref<PlayerSettings | null>
  problem: Ref<string | null>
  /** The read-only link (playersLink), asked for when the dialog opens; null where there is none. */
  link: Ref<string | null>
  show: () => Promise<void>
  change: (input: PlayersChange) => Promise<void>
  openWindow: () => void
} {
  const open = ref(false)
  const settings = ref<PlayerSettings | null>(null)
  const problem = ref<string | null>(null)
  const link = ref<string | null>(null)
  async function show(): Promise<void> {
    open.value = true
    problem.value = null
    try {
      // Opening only reads: what the screen shows stays as it is until the GM changes it.
      settings.value = await call('players.settings', {})
      link.value = await playersLink()
    } catch (e) {
      problem.value = playersRefusal(e)
    }
  }
  async function change(input: PlayersChange): Promise<void> {
    try {
      settings.value = await call('players.set', input)
      problem.value = null
    } catch (e) {
      problem.value = playersRefusal(e)
    }
  }
  function openWindow(): void {
    if (link.value) window.open(link.value, 'quarterdeck-players')
  }
  return { open, settings, problem, link, show, change, openWindow }
}
