import type { MenuAction } from '../../shared/bridge'

type Listener = (action: MenuAction) => void
const listeners = new Set<Listener>()

/** Native menu actions (desktop), passed on to whichever view handles them. */
export const menuBus = {
  emit(action: MenuAction): void {
    for (const l of listeners) l(action)
  },
  on(l: Listener): () => void {
    listeners.add(l)
    return () => listeners.delete(l)
  }
}
