import { expect, test } from '@playwright/test'
import { LOGIN_SCRIPT_TARGET_KB, measureLoginScripts } from '../../../scripts/first-load'

// The login page is the first screen of most visits: its code keeps within its budget as modules
// are added. A module's manifest that imports a screen statically (not through lazyNamed) brings
// that screen, and Refine with it, to every visitor; so did the catalogues of every module once.
test(`the login page's JavaScript is at most ${LOGIN_SCRIPT_TARGET_KB} kB as sent until the sign-in form shows`, async ({ baseURL }) => {
  const { scripts, totalKb } = await measureLoginScripts(baseURL!)
  const listed = scripts.map((script) => `${(script.bytes / 1000).toFixed(1)} kB ${new URL(script.url).pathname}`).join('\n')
  expect(totalKb, listed).toBeLessThanOrEqual(LOGIN_SCRIPT_TARGET_KB)
  // The portal's code (its chunks, vite.config.ts) and the modules' texts wait for a signed-in page.
  expect(listed).not.toMatch(/PortalApp|\/assets\/(portal|public)-|lang-en-US-modules/)
})
