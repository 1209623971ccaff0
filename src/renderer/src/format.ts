import type { BackupKind } from '../../shared/commands'

export const KIND_LABELS: Record<BackupKind, string> = {
  auto: 'Automatic',
  close: 'On close',
  manual: 'Manual',
  'pre-migration': 'Before upgrade',
  'pre-restore': 'Before restore',
  damaged: 'Damaged file'
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function formatWhen(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : when.format(d)
}

/** A change's wall-clock time with the campaign date it left the clock on, when known. */
export function whenWithDate(e: { at: string; dateLabel: string | null }): string {
  return e.dateLabel ? `${formatWhen(e.at)} · ${e.dateLabel}` : formatWhen(e.at)
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}

export const SETTING_LABELS = { theah: 'Théah', atrilia: 'Atrilia' } as const
