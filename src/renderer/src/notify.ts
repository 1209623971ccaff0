/**
 * Toasts for command outcomes. The providers live in App.vue; the component inside them
 * registers the functions here so stores and views can report without holding the API.
 */
export interface SuccessOptions {
  /** Offer an Undo for the change just made: it undoes that change only while it is the newest. */
  undo?: boolean
}

export interface Notifier {
  error(title: string, message: string): void
  success(message: string, options?: SuccessOptions): void
  info(message: string): void
}

let current: Notifier = {
  error: (t, m) => console.error(t, m),
  success: (m) => console.info(m),
  info: (m) => console.info(m)
}

export function setNotifier(n: Notifier): void {
  current = n
}

export const notify: Notifier = {
  error: (t, m) => current.error(t, m),
  success: (m, options) => current.success(m, options),
  info: (m) => current.info(m)
}

const TITLES: Record<string, string> = {
  invalid_input: 'That input is not valid',
  not_found: 'Not found',
  rule: 'The rules forbid it',
  needs_dice: 'Dice needed',
  internal: 'Something went wrong'
}

export function errorTitle(code: string): string {
  return TITLES[code] ?? 'Something went wrong'
}
