import { expect, test } from '../fixtures'
import { shotsInBothLanguages, signedIn, switchLanguage } from '../helpers'
import { createProject } from '../../../backend/src/modules/projects/seeds/factories'
import { createTestAccount, createTestGroup } from '../../../seeds/account-factories'

/*
 * Issue 27 item 18, where users met it: an accounting clerk with rights to settings screens only
 * (every module of HK switched on) was told "No modules are switched on"; a project showed a Work
 * permits tab that opened nothing, the work permits module not being built yet.
 */

test('a staff member without rights to any module is told which modules are on, what it can open and whom to ask', async ({ browser, db }) => {
  // Accounting's settings grants without its fit-out ledger ones (the tenant projects module's).
  const group = await createTestGroup(db, { like: 'Accounting' })
  const granted: { resource: string }[] = (await db('security_groups').where({ id: group.id }).first('permissions')).permissions
  const settingsOnly = granted.filter((grant) => !grant.resource.startsWith('tenant-project') && grant.resource !== 'files')
  await db('security_groups')
    .where({ id: group.id })
    .update({ permissions: JSON.stringify(settingsOnly) })
  const clerk = await createTestAccount(db, { like: 'accounting.hk', groups: [group] })
  const accounting = await signedIn(browser, clerk.username)
  await accounting.goto('/')
  const told = accounting.getByTestId('no-module-rights')
  await expect(told).toContainText('Your account has no rights to the modules switched on in this region yet: Tenders')
  await expect(told).toContainText('Tenancy records')
  await expect(told).toContainText('What you can open is listed under Settings.')
  await expect(told).toContainText('ask a system administrator to add you to its security group')
  await expect(accounting.getByText('No modules are switched on')).toHaveCount(0)
  // What it can open: the settings screens its rights reach.
  await expect(accounting.getByRole('link', { name: 'Buildings' }).last()).toBeVisible()
  await shotsInBothLanguages(accounting, 'dashboard-no-module-rights')
  await switchLanguage(accounting, '中文', { save: false })
  await expect(told).toContainText('您的账号暂无本地区已启用功能模块的权限：招标')
  await expect(told).toContainText('请联系系统管理员')
  await switchLanguage(accounting, 'English', { save: false })
  await accounting.setViewportSize({ width: 390, height: 844 })
  await expect(told).toBeVisible()
  await accounting.screenshot({ path: '/tmp/shots/dashboard-no-module-rights-phone-en-US.png', fullPage: true })
})

test('a project shows no Work permits tab while the work permits module is not built', async ({ browser, db }) => {
  const { project } = await createProject(db, { status: 'ACTIVE' })
  const pm = await signedIn(browser, 'pm.hk')
  // The tab's old address (tabIndex 3) opens the first tab.
  await pm.goto(`/projects/${project.id}?tabIndex=3`)
  // The first screen after sign-in loads the portal's code: slower on a busy machine.
  await expect(pm.getByTestId('project-title')).toHaveText(project.number, { timeout: 30_000 })
  await expect(pm.getByRole('tab', { name: 'Submissions' })).toHaveAttribute('aria-selected', 'true')
  await expect(pm.getByRole('tab', { name: 'Contractor info' })).toBeVisible()
  await expect(pm.getByRole('tab', { name: 'Work permits' })).toHaveCount(0)
  await shotsInBothLanguages(pm, 'project-tabs-without-work-permits')
})
