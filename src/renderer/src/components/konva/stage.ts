/**
 * What the Konva boards (the battle board, the sea chart) share: a stage that fills its box, a
 * playback clock driven by requestAnimationFrame, and the pointer cursor.
 */
import { onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue'

export interface Size {
  w: number
  h: number
}

/**
 * The size of the element bound to `box` (by `ref="box"`), kept up to date by a ResizeObserver.
 * `onResize(first)` runs after each real change, `first` on the first one.
 */
export function useBoxSize(initial: Size, onResize?: (first: boolean) => void): { box: Ref<HTMLDivElement | null>; size: Ref<Size>; isSized: () => boolean } {
  const box = ref<HTMLDivElement | null>(null)
  const size = ref<Size>({ ...initial })
  let sized = false
  let observer: ResizeObserver | undefined
  onMounted(() => {
    observer = new ResizeObserver(([e]) => {
      if (!e) return
      const w = Math.floor(e.contentRect.width)
      const h = Math.floor(e.contentRect.height)
      if (w > 0 && h > 0 && (w !== size.value.w || h !== size.value.h)) {
        const first = !sized
        size.value = { w, h }
        sized = true
        onResize?.(first)
      }
    })
    if (box.value) observer.observe(box.value)
  })
  onBeforeUnmount(() => observer?.disconnect())
  return { box, size, isSized: () => sized }
}

/**
 * A playback clock: whenever `source()` turns to an animation, `t` runs from 0 to 1 over
 * `ms(anim)` milliseconds, then `done()` is called; with no animation `t` stays at 1.
 */
export function usePlayback<A>(
  source: () => A | null | undefined,
  ms: (anim: A) => number,
  done: () => void,
  opts: { immediate?: boolean } = {}
): { t: Ref<number>; stop: () => void } {
  const t = ref(1)
  let raf = 0
  let started = 0
  function stop(): void {
    if (raf) cancelAnimationFrame(raf)
    raf = 0
  }
  function frame(now: number): void {
    const a = source()
    if (!a) return stop()
    if (!started) started = now
    t.value = Math.min(1, (now - started) / ms(a))
    if (t.value >= 1) {
      stop()
      done()
      return
    }
    raf = requestAnimationFrame(frame)
  }
  watch(
    source,
    (a) => {
      stop()
      if (!a) {
        t.value = 1
        return
      }
      t.value = 0
      started = 0
      raf = requestAnimationFrame(frame)
    },
    { immediate: opts.immediate ?? false }
  )
  onBeforeUnmount(stop)
  return { t, stop }
}

/** Sets the mouse cursor over the stage an event's target belongs to. */
export function setCursor(e: { target: { getStage(): { container(): HTMLElement } | null } }, c: string): void {
  const st = e.target.getStage()
  if (st) st.container().style.cursor = c
}
