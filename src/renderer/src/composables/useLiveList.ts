import { onMounted, ref, watch, type Ref } from 'vue'
import { useAppStore } from '../stores/app'

/**
 * A list a page shows from the open campaign: fetched on mount and again after every change
 * (an answer overtaken by a later load is dropped). `loaded` turns true with the first list.
 */
export function useLiveList<T>(fetch: () => Promise<T[] | null | undefined>): { items: Ref<T[]>; loaded: Ref<boolean>; load: () => Promise<void> } {
  const store = useAppStore()
  const items = ref([]) as Ref<T[]>
  const loaded = ref(false)
  let seq = 0
  async function load(): Promise<void> {
    const mine = ++seq
    const list = await fetch()
    if (mine !== seq || !list) return
    items.value = list
    loaded.value = true
  }
  onMounted(load)
  watch(() => store.changes, load)
  return { items, loaded, load }
}
