import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderApiDoc } from '../../src/main/http/api-doc'
import { COMMAND_NAMES } from '../../src/shared/commands'

describe('docs/api.md', () => {
  it('is generated from the command table and up to date (run `npm run docs:api` after changing a command)', () => {
    const onDisk = readFileSync(join(__dirname, '..', '..', 'docs', 'api.md'), 'utf8')
    expect(onDisk).toBe(renderApiDoc())
  })
  it('documents every command', () => {
    const doc = renderApiDoc()
    for (const name of COMMAND_NAMES) expect(doc).toContain(`### \`${name}\``)
  })
})
