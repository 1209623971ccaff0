import { ref } from 'vue'
import { CommandFailure } from '../../door'
import { CONVERSION_RULESETS, withoutField, type ConversionRulesetId } from './conversionText'

/**
 * Whether a battle can be fought under each conversion ruleset, as the door answers its preview (the
 * encounter card's and the Skirmish screen's "Fight it under"): `ask(r)` is the preview for ruleset r,
 * resolving when it can be converted and failing with the reason when it cannot. `refused[r]` is that
 * reason in the door's words (its field name taken off), null when it can, absent while it is asked.
 * A newer `askAll` or `clear` drops the answers of the one before.
 */
export function useConversionRefusals(ask: (ruleset: ConversionRulesetId) => Promise<unknown>) {
  const refused = ref<Partial<Record<ConversionRulesetId, string | null>>>({})
  let asked = 0
  function clear(): void {
    asked++
    refused.value = {}
  }
  async function askAll(): Promise<void> {
    clear()
    const n = asked
    for (const r of CONVERSION_RULESETS) {
      let why: string | null = null
      try {
        await ask(r)
      } catch (e) {
        why = e instanceof CommandFailure ? withoutField(e.message) : (e as Error).message
      }
      if (n !== asked) return
      refused.value = { ...refused.value, [r]: why }
    }
  }
  return { refused, askAll, clear }
}
