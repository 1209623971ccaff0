import { describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { campaignTitle, shot, useHost } from './harness'

/**
 * A campaign open in another Quarterdeck (issue 14): the start screen's Open says so in a GM's
 * words and offers to open it read-only; read-only, the campaign shows a "Read-only" tag.
 */
const qd = useHost()

describe('a campaign open in another window', () => {
  it('Open offers to open it read-only, and read-only it says so', async () => {
    const home = mkdtempSync(join(tmpdir(), 'qd-e2e-lock-'))
    await qd.serve(['--campaign', join(home, 'campaigns', 'Held-Fast.quarterdeck'), '--create'], home)
    const reader = await qd.serve([], home)
    const b = await qd.browser()
    const { page } = b
    await page.goto(reader.url)
    await page.getByText('Held-Fast.quarterdeck').waitFor()
    await page.getByRole('button', { name: 'Open', exact: true }).last().click()
    const offer = page.locator('[data-test=locked-offer]')
    await offer.getByText('This campaign is open in another Quarterdeck window').waitFor()
    await shot(page, 'one-writer-offer')
    await offer.locator('[data-test=locked-read-only]').click()
    await campaignTitle(page, 'Held-Fast').waitFor()
    await page.locator('[data-test=read-only]').waitFor()
    await shot(page, 'one-writer-read-only')
    const status = await reader.api<{ campaign: { readOnly: boolean } }>('app.status')
    expect(status.body.campaign.readOnly).toBe(true)
    const refused = await reader.api<{ error: { message: string } }>('campaign.rename', { name: 'Nope' })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toMatch(/read-only/)
  }, 90_000)
})
