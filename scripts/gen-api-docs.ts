import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderApiDoc } from '../src/main/http/api-doc'

const file = join(fileURLToPath(new URL('..', import.meta.url)), 'docs', 'api.md')
writeFileSync(file, renderApiDoc())
console.log(`Wrote ${file}`)
