import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { afterEach, expect } from 'vitest'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const SHOTS = join(ROOT, 'test-results', 'screenshots')
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface Served {
  url: string
  origin: string
  token: string
  home: string
  proc: ChildProcess
  api<T = unknown>(name: string, input?: unknown): Promise<{ status: number; body: T }>
  stop(): Promise<void>
  /** What the host has written to its error output so far. */
  errors(): string
}

/** How long a test waits for the host: its first line, or an answer through the API. */
const HOST_WAIT_MS = 30_000

/** Start the built host (out/main/serve.js) in a fresh home folder and wait for its one line. */
export async function serve(args: string[] = [], home = mkdtempSync(join(tmpdir(), 'qd-e2e-'))): Promise<Served> {
  const serveJs = join(ROOT, 'out', 'main', 'serve.js')
  if (!existsSync(serveJs)) throw new Error('Build first: out/main/serve.js is missing (npm run build).')
  const token = 'e2e-' + Math.random().toString(36).slice(2)
  const proc = spawn(process.execPath, [serveJs, '--home', home, '--port', '0', ...args], {
    env: { ...process.env, QUARTERDECK_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stderr = ''
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  const line = await new Promise<string>((ok, fail) => {
    const rl = createInterface({ input: proc.stdout! })
    rl.once('line', ok)
    proc.once('exit', (code) => fail(new Error(`host exited ${code}: ${stderr}`)))
    setTimeout(() => fail(new Error(`the host printed nothing in ${HOST_WAIT_MS / 1000} s: ${stderr}`)), HOST_WAIT_MS).unref()
  })
  const m = /^Quarterdeck serving (http:\/\/127\.0\.0\.1:\d+\/)\?token=(.+)$/.exec(line)
  if (!m) throw new Error(`unexpected first line: ${line}`)
  const origin = m[1]!.replace(/\/$/, '')
  return {
    url: `${m[1]}?token=${m[2]}`,
    origin,
    token,
    home,
    proc,
    async api<T>(name: string, input: unknown = {}) {
      // A host that does not answer fails the test here, naming the command, not at the test's time limit.
      const signal = AbortSignal.timeout(HOST_WAIT_MS)
      try {
        const res = await fetch(`${origin}/api/${name}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(input),
          signal
        })
        return { status: res.status, body: (await res.json()) as T }
      } catch (e) {
        if (signal.aborted) throw new Error(`the host did not answer ${name} within ${HOST_WAIT_MS / 1000} s`)
        throw e
      }
    },
    errors: () => stderr,
    async stop() {
      if (proc.exitCode === null) {
        const done = new Promise((ok) => proc.once('exit', ok))
        proc.kill('SIGTERM')
        await done
      }
    }
  }
}

export interface Browser {
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

export async function browser(viewport = { width: 1280, height: 800 }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'qd-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return {
    context,
    page,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
      if (errors.length) throw new Error(`The page threw: ${errors.join('; ')}`)
    }
  }
}

/**
 * A screenshot of what the GM sees now, in the shots folder. Every word on the page is read too: a GM knows
 * the rule books by their titles, never by the project's file names ("seed 002", "RULES.md").
 */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`) })
  const words = await page.locator('body').innerText()
  const leak = /\b(?:seed 00\d|RULES\.md)\b/i.exec(words)
  if (leak) throw new Error(`The page (${name}) shows "${leak[0]}" to the GM: ${words.slice(Math.max(0, leak.index - 80), leak.index + 60).replace(/\s+/g, ' ')}`)
}

/** The header's campaign title, found by the name as typed (its text shows the name's hyphens non-breaking, U+2011). */
export const campaignTitle = (page: Page, name: string): Locator => page.getByRole('heading', { level: 1, name })

/** Follow a sidebar link and wait for its page. */
export async function openPage(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Campaign pages' }).getByRole('link', { name: label, exact: true }).click()
  await page.waitForURL(new RegExp(`#/campaign/${path}$`))
}

/** Open a Naive UI select and pick the option with this exact text. */
export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click()
  await page.locator('.n-base-select-option:visible').getByText(option, { exact: true }).click()
  // Wait for the menu to finish closing, so the next select's menu is the only one on screen.
  await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)
}

/** How far the page overflows the window sideways (0 or less: it fits). */
export function noHorizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')
}

/** A command through the host's HTTP API that must answer 200: its body. */
export async function apiOk<T>(host: Served | undefined, name: string, input: unknown = {}): Promise<T> {
  const res = await host!.api<T>(name, input)
  expect(res.status, `${name} answered ${res.status}: ${JSON.stringify(res.body)}`).toBe(200)
  return res.body
}

/** Hide the toasts (they cover the page in screenshots) and wait until none shows and nothing is still animating. */
export async function hideMessages(page: Page): Promise<void> {
  await page.locator('.n-message-wrapper').evaluateAll((els) => els.forEach((e) => e.setAttribute('style', 'display: none')))
  await expect.poll(() => page.locator('.n-message-wrapper:visible').count()).toBe(0)
  // Transitions and finite animations (a dialog opening, a toast leaving) finish; endless ones (spinners) are left alone.
  await expect
    .poll(() =>
      page.evaluate<number>(
        "document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length"
      )
    )
    .toBe(0)
}

/**
 * What on the page is still moving or working, in words ([] when nothing is): finite animations and
 * transitions under way (a dialog or a toast coming in, a tooltip fading in; endless ones such as spinners
 * are left alone), web fonts still loading, a part marked busy (aria-busy) or not yet drawn (data-drawn="no",
 * e.g. the Ledger's plot while it animates), a board playing back (data-animating="yes"), and a Konva layer
 * waiting for its next frame to draw (Konva flags a layer from the change until the frame that draws it).
 * A string: no DOM types here.
 */
const STILL_MOVING = `(() => {
  const busy = []
  for (const a of document.getAnimations()) {
    if (a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) continue
    const t = a.effect?.target
    busy.push('animation ' + (a.animationName || a.transitionProperty || '') + ' on ' + (t ? t.tagName + '.' + String(t.className) : '?'))
  }
  if (document.fonts.status !== 'loaded') busy.push('web fonts loading')
  for (const el of document.querySelectorAll('[aria-busy=true], [data-drawn=no], [data-animating=yes]')) {
    busy.push('busy: ' + (el.getAttribute('data-test') || el.className))
  }
  for (const s of window.Konva?.stages ?? []) {
    for (const l of s.getLayers()) {
      if (typeof l._waitingForDraw !== 'boolean') busy.push('a Konva layer without its draw flag (a Konva update? see harness.ts)')
      else if (l._waitingForDraw) busy.push('a board layer waiting to draw: ' + (s.container().parentElement?.getAttribute('data-test') || '?'))
    }
  }
  return busy
})()`

/**
 * Wait until nothing on the page is still moving or working (see STILL_MOVING): the state a screenshot
 * needs, and a board whose shapes are all drawn (so clicks on it find them).
 */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => withinTime(page.evaluate<string[]>(STILL_MOVING), ['the page did not answer within 10 s'])).toEqual([])
}

/**
 * `work`, or `late` if it has not answered in 10 s: a page.evaluate has no time limit of its own, so a page
 * whose script is stuck would hold the test until its own limit, with no word of where it was.
 */
async function withinTime<T>(work: Promise<T>, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const gone = new Promise<T>((ok) => (timer = setTimeout(() => ok(late), 10_000)))
  try {
    return await Promise.race([work, gone])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Wait until the Konva board inside [data-test=`board`] fills its box: it has measured the box (a board
 * starts at a default size until then) and fitted its drawing to it.
 */
export async function boardSized(page: Page, board: string): Promise<void> {
  await expect
    .poll(() =>
      page.locator(`[data-test=${board}]`).evaluate((el) => {
        type Stage = { width(): number; height(): number; container(): unknown }
        type Box = { clientWidth: number; clientHeight: number; contains(n: unknown): boolean }
        const g = globalThis as unknown as { Konva?: { stages: Stage[] }; getComputedStyle(e: unknown): { paddingLeft: string; paddingRight: string; paddingTop: string; paddingBottom: string } }
        const box = el as unknown as Box
        const stage = g.Konva?.stages.find((s) => box.contains(s.container()))
        if (!stage) return 'no board drawn yet'
        const pad = g.getComputedStyle(box)
        const w = box.clientWidth - parseFloat(pad.paddingLeft) - parseFloat(pad.paddingRight)
        const h = box.clientHeight - parseFloat(pad.paddingTop) - parseFloat(pad.paddingBottom)
        return Math.abs(stage.width() - w) <= 1 && Math.abs(stage.height() - h) <= 1 ? 'sized' : `${stage.width()}×${stage.height()} in a ${w}×${h} box`
      })
    )
    .toBe('sized')
}

export interface Session {
  host: Served
  b: Browser
  page: Page
}

/**
 * The host-and-browser set-up every browser test repeats. Call once at the top of a test file: it
 * registers an afterEach that closes every browser and stops every host it started.
 * `start({ campaign: 'Name' })` serves a new campaign file of that name and opens it; `start()` serves
 * an empty home (the start screen; see `openSample`).
 */
export function useHost() {
  let hosts: Served[] = []
  let browsers: Browser[] = []
  afterEach(async (context) => {
    const bs = browsers
    const hs = hosts
    browsers = []
    hosts = []
    if (context.task.result?.state === 'fail') await whatWasShown(context.task.name, bs, hs)
    try {
      for (const b of bs) await b.close()
    } finally {
      for (const h of hs) await h.stop()
    }
  })
  const api = {
    async serve(args: string[] = [], home?: string): Promise<Served> {
      const h = await serve(args, home)
      hosts.push(h)
      return h
    },
    async browser(viewport?: { width: number; height: number }): Promise<Browser> {
      const b = await browser(viewport)
      browsers.push(b)
      return b
    },
    /** A host (a new campaign file named `campaign`, or the start screen) and a browser on it. */
    async start(opts: { campaign?: string; args?: string[]; viewport?: { width: number; height: number } } = {}): Promise<Session> {
      const args = [...(opts.args ?? [])]
      if (opts.campaign) args.unshift('--campaign', join(mkdtempSync(join(tmpdir(), 'qd-e2e-')), `${opts.campaign}.quarterdeck`), '--create')
      const host = await api.serve(args)
      const b = await api.browser(opts.viewport)
      await b.page.goto(host.url)
      if (opts.campaign) await campaignTitle(b.page, opts.campaign).waitFor()
      return { host, b, page: b.page }
    }
  }
  return api
}

/**
 * After a failed test: a picture of each browser's page (test-results/screenshots/failed-…png), the
 * words of any dialog open on it, and what each host wrote to its error output — for a failure seen once.
 */
async function whatWasShown(test: string, bs: Browser[], hs: Served[]): Promise<void> {
  const slug = test.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)
  for (const [i, b] of bs.entries()) {
    try {
      mkdirSync(SHOTS, { recursive: true })
      await b.page.screenshot({ path: join(SHOTS, `failed-${slug}-${i}.png`), timeout: 10_000 })
      const dialogs = await b.page.locator('.n-modal, .n-dialog, .n-message').allTextContents()
      console.error(`[${test}] browser ${i} at ${b.page.url()}; open dialogs and messages: ${JSON.stringify(dialogs)}`)
    } catch (e) {
      console.error(`[${test}] browser ${i}: no picture (${(e as Error).message})`)
    }
  }
  for (const [i, h] of hs.entries()) console.error(`[${test}] host ${i} error output: ${h.errors().slice(-4000) || '(none)'}`)
}

/** From the start screen, open the sample campaign and wait for it. */
export async function openSample(page: Page): Promise<void> {
  await page.locator('[data-test=open-sample]').click()
  await page.locator('[data-test=campaign-title]').waitFor()
}

/** Pick several options of a multiple select, then close its menu. */
export async function chooseMany(page: Page, select: Locator, options: string[]): Promise<void> {
  await select.click()
  for (const o of options) await page.locator('.n-base-select-option:visible').getByText(o, { exact: true }).click()
  await page.keyboard.press('Escape')
  await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)
}

/** Open a tab of the ship sheet by its name. */
export async function shipTab(page: Page, name: string): Promise<void> {
  await page.locator(`[data-test=ship-tabs] .n-tabs-tab[data-name="${name.toLowerCase()}"]`).click()
}

/** Open a ship's sheet from the Fleet (and one of its tabs). */
export async function openShip(page: Page, name: string, tabName?: string): Promise<void> {
  await openPage(page, 'Fleet', 'fleet')
  await page.locator(`[data-test=fleet-table] tr[data-ship="${name}"]`).click()
  await page.locator('[data-test=ship-name]').getByText(name).waitFor()
  if (tabName) await shipTab(page, tabName)
}

/**
 * From the start screen, a new Atrilia campaign (named "The al-Zabdiyat Campaign" unless another name is
 * given), with two player characters, Admiral Nikandros and Captain Thalia, granted the war chests given
 * (in dinars, through the host).
 */
export async function newAtriliaCampaignWithAdmirals(
  page: Page,
  host: Served,
  chests: { nikandros: number; thalia: number },
  name = 'The al-Zabdiyat Campaign'
): Promise<{ nik: { ownerId: number }; tha: { ownerId: number } }> {
  await page.getByLabel('Campaign name').fill(name)
  await page.getByText('Atrilia — dinars').click()
  await page.locator('[data-test=create-campaign]').click()
  await campaignTitle(page, name).waitFor()
  const nik = await apiOk<{ ownerId: number }>(host, 'people.create', { name: 'Admiral Nikandros', kind: 'pc' })
  const tha = await apiOk<{ ownerId: number }>(host, 'people.create', { name: 'Captain Thalia', kind: 'pc' })
  await apiOk(host, 'ledger.grant', { ownerId: nik.ownerId, amount: chests.nikandros, memo: 'War chest' })
  await apiOk(host, 'ledger.grant', { ownerId: tha.ownerId, amount: chests.thalia, memo: 'War chest' })
  return { nik, tha }
}

/** In the shipyard's order form, owners added in turn (by their names as the list shows them) with their shares in %, summing to 100. */
export async function setOwnerShares(page: Page, commission: Locator, owners: Array<[name: string, share: number]>): Promise<void> {
  for (const [name] of owners) await choose(page, commission.locator('[data-test=add-owner]'), name)
  const shares = commission.locator('[data-test=owner-share] input')
  for (let i = 0; i < owners.length; i++) {
    await shares.nth(i).fill(String(owners[i]![1]))
    await shares.nth(i).press('Tab')
  }
  await commission.locator('[data-test=share-sum]').getByText('100% ✓').waitFor()
}
