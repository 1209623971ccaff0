import { z } from 'zod'
import { COMMAND_NAMES, contracts } from '../../shared/commands'
import { HTTP_STATUS } from '../../shared/errors'

/** docs/api.md, generated from the command table (`npm run docs:api`; a test keeps it current). */
export function renderApiDoc(): string {
  const out: string[] = [
    '# Quarterdeck command API',
    '',
    '<!-- Generated from src/shared/commands by `npm run docs:api`. Do not edit by hand. -->',
    '',
    'Every operation is a command in one table. The desktop window calls them over IPC through',
    '`window.quarterdeck.invoke(name, input)`; the local HTTP host serves the same table:',
    '',
    '- `POST /api/<command>` with a JSON body and `Authorization: Bearer TOKEN` → `200` and the result as JSON,',
    '  or an error status with `{"error": {"code", "message", "details"}}`.',
    '- `GET /api/commands` → `[{name, summary, scope, mutates, input}]`, `input` as JSON Schema.',
    '- `GET /api/events` → a server-sent event stream: `{"type":"changed","command","seq"}` after each write,',
    '  `{"type":"status"}` when a campaign is opened, created, closed or restored.',
    '',
    'The host listens on 127.0.0.1 only. No or wrong token → `401`; a request whose `Host` or `Origin` is not',
    'the host itself → `403`; a body over 1 MB → `413`.',
    '',
    '## Errors',
    '',
    '| code | HTTP | meaning |',
    '| --- | --- | --- |',
    `| \`invalid_input\` | ${HTTP_STATUS.invalid_input} | The input does not fit the command; \`details.issues\` names each field and what is wrong. |`,
    `| \`not_found\` | ${HTTP_STATUS.not_found} | No such command, file or record. |`,
    `| \`rule\` | ${HTTP_STATUS.rule} | A rule forbids it (no campaign open, not enough money, a newer file…). |`,
    `| \`needs_dice\` | ${HTTP_STATUS.needs_dice} | Dice are entered by hand and this command needs some; \`details\` says which. |`,
    `| \`internal\` | ${HTTP_STATUS.internal} | A fault inside Quarterdeck; logged in full, reported without a stack. |`,
    '',
    '`scope: app` commands work with no campaign open; `scope: campaign` commands need one.',
    'Commands marked *writes* run one at a time, each in one SQLite transaction; campaign writes are journalled',
    'and can be undone (`history.undo`) and redone (`history.redo`).',
    '',
    '## Commands',
    ''
  ]
  const schema = (t: z.ZodType, io: 'input' | 'output') => {
    const { $schema: _, ...rest } = z.toJSONSchema(t, { io, unrepresentable: 'any' })
    return JSON.stringify(rest, null, 2)
  }
  for (const name of COMMAND_NAMES) {
    const c = contracts[name]
    out.push(`### \`${name}\``, '', `${c.summary}`, '', `scope: ${c.scope} · ${c.mutates ? 'writes' : 'reads'}`, '')
    out.push('Input:', '', '```json', schema(c.input, 'input'), '```', '')
    out.push('Output:', '', '```json', schema(c.output, 'output'), '```', '')
  }
  return out.join('\n')
}
