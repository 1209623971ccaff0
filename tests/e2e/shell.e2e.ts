import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, openSync, writeSync, closeSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { browser, campaignTitle, noHorizontalOverflow, serve, settled, shot, type Browser, type Served } from './harness'
import { PAGES } from '../../src/shared/pages'

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

describe('the app shell in Chromium', () => {
  it('creates a campaign from the start screen and lands on its dashboard', async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.getByRole('heading', { name: 'Quarterdeck' }).waitFor()
    // The token is taken out of the address bar once read.
    expect(page.url()).not.toContain('token=')
    await page.getByText('No campaigns opened yet').waitFor()
    await shot(page, 'start-screen-1280')

    await page.getByLabel('Campaign name').fill('The Sea Dogs of Avalon')
    await page.getByRole('button', { name: 'Create campaign' }).click()
    await page.locator('[data-test=campaign-title]').getByText('The Sea Dogs of Avalon').waitFor()
    expect(page.url()).toContain('#/campaign/dashboard')
    await shot(page, 'dashboard-1280')

    // The file exists in the campaigns folder, and the host agrees on what is open.
    expect(existsSync(join(host.home, 'campaigns', 'The-Sea-Dogs-of-Avalon.quarterdeck'))).toBe(true)
    const status = await host.api<{ campaign: { name: string } }>('app.status')
    expect(status.body.campaign.name).toBe('The Sea Dogs of Avalon')
  })

  it('shows a clear toast for bad input and changes nothing', async () => {
    host = await serve(['--campaign', join(await tmpCampaignDir(), 'Bad-Input.quarterdeck'), '--create'])
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await campaignTitle(page, 'Bad-Input').waitFor()

    await page.getByLabel('Campaign name').fill('   ')
    await page.locator('[data-test=rename-save]').click()
    const toast = page.locator('.n-message').filter({ hasText: 'That input is not valid' })
    await toast.waitFor()
    await expect(toast.textContent()).resolves.toContain('name: must not be empty')
    await settled(page) // the toast has finished appearing
    await shot(page, 'bad-input-toast')

    const info = await host.api<{ name: string }>('campaign.info')
    expect(info.body.name).toBe('Bad-Input')
    const history = await host.api<{ entries: unknown[] }>('history.list')
    expect(history.body.entries).toHaveLength(0)
  })

  it('renames, then undoes and redoes from the toolbar and the keyboard', async () => {
    host = await serve(['--campaign', join(await tmpCampaignDir(), 'Undo-Me.quarterdeck'), '--create'])
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    const title = page.locator('[data-test=campaign-title]')
    await campaignTitle(page, 'Undo-Me').waitFor()

    await page.getByLabel('Campaign name').fill('The Crimson Tide')
    await page.locator('[data-test=rename-save]').click()
    await title.getByText('The Crimson Tide').waitFor()
    await page.locator('.n-message').filter({ hasText: 'Renamed the campaign' }).waitFor()
    await shot(page, 'renamed-with-undo-toast')

    await page.getByRole('button', { name: 'Undo', exact: true }).first().click()
    await campaignTitle(page, 'Undo-Me').waitFor()
    await page.locator('body').click({ position: { x: 5, y: 760 } })
    await page.keyboard.press('Control+Shift+Z')
    await title.getByText('The Crimson Tide').waitFor()
    expect((await host.api<{ name: string }>('campaign.info')).body.name).toBe('The Crimson Tide')
  })

  it('has every sidebar page; pages still to come say what will be there, with no made-up data', async () => {
    host = await serve(['--campaign', join(await tmpCampaignDir(), 'Pages.quarterdeck'), '--create'])
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 }
    ]) {
      b = await browser(viewport)
      const { page } = b
      await page.goto(host.url)
      await page.locator('[data-test=campaign-title]').getByText('Pages').waitFor()
      for (const p of PAGES) {
        await page.getByRole('navigation', { name: 'Campaign pages' }).getByRole('link', { name: p.label, exact: true }).click()
        await page.waitForURL(new RegExp(`#/campaign/${p.path}$`))
        if (p.upcoming) {
          await page.getByText('This page is not built yet').waitFor()
          await page.getByText(p.purpose!.slice(0, 40)).waitFor()
        }
        // Nothing overflows the window horizontally.
        const overflow = await noHorizontalOverflow(page)
        expect(overflow).toBeLessThanOrEqual(0)
      }
      await shot(page, `upcoming-page-${viewport.width}`)
      await b.close()
      b = undefined
    }
  })

  it('opens the sample campaign from the start screen', async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=open-sample]').click()
    await page.locator('[data-test=campaign-title]').getByText('The Tortuga Run').waitFor()
    await page.locator('[data-test=close-campaign]').click()
    // Back on the start screen, the sample is now a recent campaign.
    await page.locator('[data-test=recent]').getByText('The Tortuga Run').waitFor()
    await shot(page, 'start-screen-with-recent')
  })

  it('takes a backup from the Backups window and restores it', async () => {
    host = await serve(['--campaign', join(await tmpCampaignDir(), 'Logbook.quarterdeck'), '--create'])
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    const title = page.locator('[data-test=campaign-title]')
    await title.getByText('Logbook').waitFor()

    await page.getByRole('button', { name: 'Backups' }).click()
    const modal = page.locator('.n-modal')
    await modal.getByText('Backups are kept in a folder beside the campaign file').waitFor()
    await modal.getByRole('button', { name: 'Back up now' }).click()
    await modal.getByText('Manual').waitFor()
    await shot(page, 'backups-window')
    await modal.getByRole('button', { name: 'Done' }).click()

    // Change the campaign, then go back to the backup.
    await page.getByLabel('Campaign name').fill('After the mutiny')
    await page.locator('[data-test=rename-save]').click()
    await title.getByText('After the mutiny').waitFor()
    await page.getByRole('button', { name: 'Backups' }).click()
    await modal.getByRole('row').filter({ hasText: 'Manual' }).getByRole('button', { name: 'Restore…' }).click()
    await page.getByRole('button', { name: 'Restore', exact: true }).click()
    await title.getByText('Logbook').waitFor()
    // The state it replaced was kept.
    const kinds = (await host.api<{ kind: string }[]>('backups.list')).body.map((x) => x.kind)
    expect(kinds).toEqual(expect.arrayContaining(['manual', 'pre-restore']))
  })

  it('opens a damaged file on the recovery screen and restores a backup', async () => {
    const dir = await tmpCampaignDir()
    const file = join(dir, 'Damaged.quarterdeck')
    host = await serve(['--campaign', file, '--create'])
    expect((await host.api('campaign.rename', { name: 'Before the storm' })).status).toBe(200)
    expect((await host.api('backups.create')).status).toBe(200)
    expect((await host.api('campaigns.close')).status).toBe(200)
    await host.stop()
    // Scribble over every page header after the first, as a failing disk might.
    const fd = openSync(file, 'r+')
    const size = statSync(file).size
    for (let at = 4096; at < size; at += 4096) writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, at)
    closeSync(fd)

    host = await serve(['--campaign', file])
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.getByRole('heading', { name: 'Recover a campaign' }).waitFor()
    await page.getByText('Damaged.quarterdeck is damaged').waitFor()
    await shot(page, 'recovery-screen')
    await page.getByRole('button', { name: 'Restore…' }).first().click()
    await page.getByRole('button', { name: 'Restore', exact: true }).click()
    await page.locator('[data-test=campaign-title]').getByText('Before the storm').waitFor()
    const backups = await host.api<{ kind: string }[]>('backups.list')
    expect(backups.body.map((x) => x.kind)).toContain('damaged')
  })
})

async function tmpCampaignDir(): Promise<string> {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  return mkdtempSync(join(tmpdir(), 'qd-e2e-files-'))
}
