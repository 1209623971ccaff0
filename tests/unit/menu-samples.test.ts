import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { menuTemplate } from '../../src/main/electron/menu'

/** Issue 18: the desktop's File menu offers both bundled samples, as the start screen does. */
describe('File ▸ Open Sample Campaign', () => {
  const file = (t: MenuItemConstructorOptions[]) => t.find((m) => m.label === 'File')!.submenu as MenuItemConstructorOptions[]

  it('lists the Tortuga Run and the al-Zabdiyat Campaign, and opens the one clicked by its id, not via the page', () => {
    const send = vi.fn()
    const openSample = vi.fn()
    const t = menuTemplate({ send, openRecent: vi.fn(), openSample, recent: [], isMac: false })
    const samples = file(t).find((i) => i.label === 'Open Sample Campaign')!.submenu as MenuItemConstructorOptions[]
    expect(samples.map((s) => s.label)).toEqual(['The Tortuga Run', 'The al-Zabdiyat Campaign'])
    samples[1]!.click?.()
    expect(openSample).toHaveBeenCalledExactlyOnceWith('alZabdiyat')
    samples[0]!.click?.()
    expect(openSample).toHaveBeenLastCalledWith('tortugaRun')
    expect(send).not.toHaveBeenCalled()
  })

  it('is left out when the shell gives no way to open a sample', () => {
    const t = menuTemplate({ send: vi.fn(), openRecent: vi.fn(), recent: [], isMac: false })
    expect(file(t).map((i) => i.label)).not.toContain('Open Sample Campaign')
  })
})
