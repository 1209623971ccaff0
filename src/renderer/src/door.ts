import type { CommandInput, CommandName, CommandOutput } from '../../shared/commands'
import type { QuarterdeckBridge } from '../../shared/bridge'
import type { CommandErrorBody, ErrorCode } from '../../shared/errors'
import { ref } from 'vue'

/** A command that came back with an error: carries the door's typed error. */
export class CommandFailure extends Error {
  readonly code: ErrorCode
  readonly details: unknown
  constructor(body: CommandErrorBody) {
    super(body.message)
    this.code = body.code
    this.details = body.details
  }
}

let bridge: QuarterdeckBridge | null = null
export const pendingCommands = ref(0)

export function setBridge(b: QuarterdeckBridge): void {
  bridge = b
}

export function getBridge(): QuarterdeckBridge {
  if (!bridge) throw new Error('Quarterdeck is not connected.')
  return bridge
}

/** Run a command through the one door. Resolves to its result or throws a CommandFailure. */
export async function call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> {
  pendingCommands.value++
  try {
    // Plain data over the bridge, exactly what the HTTP bridge's JSON carries: a reactive proxy (a
    // view's state, a draft) cannot be structured-cloned by Electron's IPC (a DataCloneError).
    const out = await getBridge().invoke(name, input === undefined ? input : (JSON.parse(JSON.stringify(input)) as CommandInput<N>))
    if (!out.ok) throw new CommandFailure(out.error)
    return out.value
  } finally {
    pendingCommands.value--
  }
}
