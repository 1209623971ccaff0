/**
 * The players' screen over the network (issue 21), tested on loopback: the second listener, with its
 * own token, serves the player page, its payload and a change stream that carries nothing of what
 * the GM did; it refuses every command (the main host's token included), serves no GM data, and
 * closes when the GM closes it (players.closeLan through the main door).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHost, type Host } from '../../src/main/http/host'
import { startPlayersHost } from '../../src/main/http/players-host'
import { closePlayersLan, playersLanOpen, registerPlayersLan } from '../../src/main/players/lan'
import { COMMAND_NAMES, PlayerPayload } from '../../src/shared/commands'
import { makeTempDir } from '../helpers'
import { dropSample, openSample, type SampleSession } from './battles-ops'

const GM = 'gm-token-0123456789abcdef'
const PLAYERS = 'players-token-0123456789'

let s: SampleSession
let host: Host
let port: number
let dir: string
beforeEach(async () => {
  s = await openSample()
  dir = makeTempDir('quarterdeck-players-static-')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Quarterdeck</title>')
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {}')
  host = await startHost({ door: s.t.door, token: GM, port: 0 })
  const p = await startPlayersHost({ door: s.t.door, token: PLAYERS, port: 0, address: '127.0.0.1', staticDir: dir })
  port = p.port
  registerPlayersLan(() => p.close())
})
afterEach(async () => {
  await closePlayersLan()
  await host.close()
  await s.t.cleanup()
})
afterAll(dropSample)

const at = (path: string, init: RequestInit = {}, token: string | null = PLAYERS) =>
  fetch(`http://127.0.0.1:${port}${path}`, { ...init, redirect: 'manual', headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' } })

describe("the players' listener (issue 21)", () => {
  it('serves the player page and its assets, and the payload with its own token only', async () => {
    const root = await at('/?token=abc', {}, null)
    expect(root.status).toBe(302)
    expect(root.headers.get('location')).toBe('/index.html?token=abc#/players')
    expect((await at('/index.html', {}, null)).status).toBe(200)
    expect(await (await at('/assets/app.js', {}, null)).text()).toBe('export {}')
    await s.call('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 11 })
    const p = await at('/api/players.payload', { method: 'POST', body: '{}' })
    expect(p.status).toBe(200)
    const body = (await p.json()) as unknown
    expect(PlayerPayload.parse(body)).toEqual(body)
    expect((await at('/api/players.payload', { method: 'POST', body: '{}' }, null)).status).toBe(401)
    expect((await at('/api/players.payload', { method: 'POST', body: '{}' }, GM)).status).toBe(401)
  })

  it('refuses every other command, and the command list, with either token; nothing changes', async () => {
    await s.call('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 11 })
    const before = s.snapshot()
    for (const name of COMMAND_NAMES.filter((n) => n !== 'players.payload')) {
      const r = await at(`/api/${encodeURIComponent(name)}`, { method: 'POST', body: '{}' })
      expect(r.status, name).toBe(403)
    }
    expect((await at('/api/commands')).status).toBe(403)
    expect((await at('/api/battles.state', { method: 'POST', body: JSON.stringify({ battleId: 1 }) }, GM)).status).toBe(401)
    expect(s.snapshot()).toEqual(before)
  })

  it('its event stream says only that something changed, never what', async () => {
    const { battleId } = await s.call('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 11 })
    const res = await at('/api/events')
    expect(res.status).toBe(200)
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    const got = (async () => {
      while (!text.includes('data: ')) {
        const { value, done } = await reader.read()
        if (done) break
        text += value
      }
    })()
    await s.call('battles.resolveStep', { battleId })
    await got
    await reader.cancel()
    const data = text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)) as unknown)
    expect(data[0]).toEqual({ type: 'changed', command: '', seq: null })
  })

  it('closes when the GM closes it (players.closeLan): the link stops answering', async () => {
    expect(playersLanOpen()).toBe(true)
    const out = await fetch(`${host.url}api/players.closeLan`, { method: 'POST', body: '{}', headers: { Authorization: `Bearer ${GM}`, 'Content-Type': 'application/json' } })
    expect(await out.json()).toEqual({ closed: true })
    expect(playersLanOpen()).toBe(false)
    await expect(at('/index.html', {}, null)).rejects.toThrow()
    expect(await s.call('players.closeLan', {})).toEqual({ closed: false })
  })
})

describe("the players' read-only link on the main host (issue 21)", () => {
  const main = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${host.url}${path.slice(1)}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } })

  it('players.link gives the host’s players token, not the GM’s', async () => {
    const { token } = await (await main('/api/players.link', GM, { method: 'POST', body: '{}' })).json() as { token: string | null }
    expect(token).toBe(host.playersToken)
    expect(token).not.toBe(GM)
    expect(token!.length).toBeGreaterThan(20)
  })

  it('with the players token: the payload, and every other command refused with nothing changed; the GM token still works', async () => {
    await s.call('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 11 })
    const p = await main('/api/players.payload', host.playersToken, { method: 'POST', body: '{}' })
    expect(p.status).toBe(200)
    const body = (await p.json()) as unknown
    expect(PlayerPayload.parse(body)).toEqual(body)
    const before = s.snapshot()
    for (const name of COMMAND_NAMES.filter((n) => n !== 'players.payload')) {
      const r = await main(`/api/${encodeURIComponent(name)}`, host.playersToken, { method: 'POST', body: '{}' })
      expect(r.status, name).toBe(403)
    }
    expect((await main('/api/commands', host.playersToken)).status).toBe(403)
    expect(s.snapshot()).toEqual(before)
    expect((await main('/api/battles.list', GM, { method: 'POST', body: '{}' })).status).toBe(200)
  })

  it('with the players token the event stream says only that something changed', async () => {
    const { battleId } = await s.call('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 11 })
    const res = await main('/api/events', host.playersToken)
    expect(res.status).toBe(200)
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    const got = (async () => {
      while (!text.includes('data: ')) {
        const { value, done } = await reader.read()
        if (done) break
        text += value
      }
    })()
    await s.call('battles.resolveStep', { battleId })
    await got
    await reader.cancel()
    const data = text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)) as unknown)
    expect(data[0]).toEqual({ type: 'changed', command: '', seq: null })
  })

  it('once the host closes, players.link has no token to give', async () => {
    await host.close()
    expect(await s.call('players.link', {})).toEqual({ token: null })
    host = await startHost({ door: s.t.door, token: GM, port: 0 })
  })
})
