/**
 * The HTTP host on its own, without Electron:
 *   node out/main/serve.js --campaign FILE [--port N] [--create] [--read-only] [--home DIR]
 *   node out/main/serve.js --last-or-sample   (what `npm start` does without Electron)
 *   node out/main/serve.js --sample alZabdiyat   (open a sample campaign: tortugaRun or alZabdiyat)
 * Prints exactly one line on stdout when ready:
 *   Quarterdeck serving http://127.0.0.1:PORT/?token=TOKEN
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildSampleCampaign, SAMPLE_FILE_NAME } from '../../resources/sample/tortuga-run'
import { ATRILIA_SAMPLE_FILE_NAME, buildAtriliaSampleCampaign } from '../../resources/sample/al-zabdiyat'
import { AppSession } from './app/session'
import { SAMPLE_IDS, SampleId } from '../shared/commands/samples'
import { defaultHome } from './app/paths'
import { Door } from './door/door'
import { closeOddsPool } from './highseas/odds'
import { CampaignLocked } from './campaign/lock'
import { startHost } from './http/host'
import { startPlayersHost, type PlayersHost } from './http/players-host'
import { closePlayersLan, registerPlayersLan } from './players/lan'
import { networkInterfaces } from 'node:os'
import { fileLogger } from './log'
import { APP_VERSION } from './version'

/** The address players type: the one listened on, or (every interface) this machine's first LAN IPv4 address. */
function lanAddress(listen: string): string {
  if (listen !== '0.0.0.0') return listen
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  return '127.0.0.1'
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      campaign: { type: 'string' },
      port: { type: 'string', default: '0' },
      create: { type: 'boolean', default: false },
      // Open the campaign for reading only (it is open in another Quarterdeck, which holds it for writing).
      'read-only': { type: 'boolean', default: false },
      home: { type: 'string' },
      'last-or-sample': { type: 'boolean', default: false },
      sample: { type: 'string' },
      static: { type: 'string' },
      // The players' screen on the LAN (issue 21): a second, read-only listener with its own token.
      'players-lan': { type: 'boolean', default: false },
      'players-port': { type: 'string', default: '0' },
      'players-address': { type: 'string', default: '0.0.0.0' }
    },
    strict: true
  })
  const port = Number(values.port)
  const sample = values.sample === undefined ? undefined : SampleId.safeParse(values.sample)
  if (sample && !sample.success) throw new Error(`--sample must be one of ${SAMPLE_IDS.join(', ')} (got ${values.sample}).`)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535 (got ${values.port}).`)
  const home = values.home ? resolve(values.home) : defaultHome()
  const campaignPath = values.campaign ? resolve(values.campaign) : undefined
  const here = dirname(fileURLToPath(import.meta.url))
  const staticDir = values.static ? resolve(values.static) : join(here, '..', 'renderer')

  const session = new AppSession({
    home,
    mode: 'browser',
    version: APP_VERSION,
    allowedFiles: campaignPath ? [campaignPath] : [],
    samples: {
      tortugaRun: { fileName: SAMPLE_FILE_NAME, build: (path) => buildSampleCampaign(path) },
      alZabdiyat: { fileName: ATRILIA_SAMPLE_FILE_NAME, build: (path) => buildAtriliaSampleCampaign(path) }
    },
    log: fileLogger(join(home, 'quarterdeck.log'))
  })
  const door = new Door(session)

  if (campaignPath) {
    if (existsSync(campaignPath)) await session.open(campaignPath, { readOnly: values['read-only'] })
    else if (values.create) await session.create(campaignPath, basename(campaignPath, '.quarterdeck'), 'theah')
    else throw new Error(`There is no campaign file at ${campaignPath} (add --create to make one).`)
  } else if (sample?.success) {
    await session.openSample(sample.data)
  } else if (values['last-or-sample']) {
    const last = session.recent.last()
    if (last) await session.open(last.path)
    else await session.openSample()
  }

  const token = process.env.QUARTERDECK_TOKEN || randomBytes(24).toString('base64url')
  const host = await startHost({ door, token, port, staticDir: existsSync(staticDir) ? staticDir : undefined })
  process.stdout.write(`Quarterdeck serving ${host.url}?token=${token}\n`)
  let players: PlayersHost | null = null
  if (values['players-lan']) {
    const playersPort = Number(values['players-port'])
    if (!Number.isInteger(playersPort) || playersPort < 0 || playersPort > 65535) throw new Error(`--players-port must be 0-65535 (got ${values['players-port']}).`)
    const playersToken = randomBytes(24).toString('base64url')
    const address = values['players-address']!
    const p = await startPlayersHost({ door, token: playersToken, port: playersPort, address, staticDir: existsSync(staticDir) ? staticDir : undefined })
    players = p
    registerPlayersLan(async () => {
      await p.close()
      players = null
    })
    process.stdout.write(`Players' screen http://${lanAddress(address)}:${p.port}/?token=${playersToken}\n`)
  }

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    if (players) await closePlayersLan()
    await host.close()
    await closeOddsPool() // the odds workers (a simulation still running is stopped)
    await session.close() // takes the closing backup if anything changed
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((e: Error) => {
  const hint = e instanceof CampaignLocked ? ' (Start with --read-only to read it while it is open there.)' : ''
  process.stderr.write(`Quarterdeck could not start: ${e.message}${hint}\n`)
  process.exit(1)
})
