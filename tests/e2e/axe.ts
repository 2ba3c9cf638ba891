import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { closeToasts } from './helpers'

// What the accessibility specs share: axe's verdict on a page, a page settled, the menu's pages.

/** The serious and critical violations on the page as it stands, one line each: page, rule, nodes. */
export async function violations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `      ${node.target.join(' ')} ${node.html.slice(0, 160)}\n        ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`)
      return `${where} ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}\n${nodes.join('\n')}`
    })
}

/** The page has drawn what it loads: no spinner or skeleton left, nothing on the wire. */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading')).toHaveCount(0)
  await closeToasts(page)
  // A button that has just been enabled (its rights or lock answered) fades into its colours: axe
  // must read the colours the user is left with, not a frame of the fade. (Endless ones, a status
  // dot's pulse, never finish and are left alone.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined))
    )
  )
}

/** The menu's own pages, read from the rendered sidebar (groups are open by default). */
export async function menuPages(page: Page): Promise<string[]> {
  const links = page.locator('.ant-layout-sider .ant-menu a[href]')
  await expect(links.first()).toBeVisible()
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!))
  return [...new Set(hrefs)]
}
