import { onMounted, ref, watch } from 'vue'
import type { OfficerRole } from '../../../../shared/commands'
import { useAppStore } from '../../stores/app'
import { DEFAULT_WAGES } from './crewText'

/**
 * The campaign's crew rule tables (Crew wages, Crew upkeep and recruiting), for the estimates the dialogs
 * show before the host charges by the same tables. Reloaded after every change (a GM's edit on the Rules page).
 */
export function useCrewTables() {
  const store = useAppStore()
  const wages = ref<Record<OfficerRole, number>>({ ...DEFAULT_WAGES })
  const upkeep = ref({ gearPerRecruit: 16, foodPerCrewMonth: 4 })
  async function load(): Promise<void> {
    const [w, u] = await Promise.all([store.run('rules.get', { table: 'crewWages' }), store.run('rules.get', { table: 'crewUpkeep' })])
    if (w) wages.value = { ...DEFAULT_WAGES, ...(w.value as Partial<Record<OfficerRole, number>>) }
    if (u) upkeep.value = { ...upkeep.value, ...(u.value as Partial<typeof upkeep.value>) }
  }
  onMounted(load)
  watch(() => store.changes, load)
  return { wages, upkeep }
}
