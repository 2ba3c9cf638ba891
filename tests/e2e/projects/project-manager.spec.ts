import { expect, test } from '../fixtures'
import { signedIn, switchLanguage } from '../helpers'
import { createProject } from '../../../backend/src/modules/projects/seeds/factories'

/*
 * Spec §6 "change person in charge" on /projects/:id: the administrator (projects:changeManager)
 * hands a project of pm.hk's over to another staff account of the region, picked from the list;
 * pm.hk, who holds no such right, is offered no button.
 */

test('admin changes the person in charge of a project; pm.hk is offered no such action', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const { project } = await createProject(db, { status: 'ACTIVE' })
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/projects/${project.id}`)
  await expect(pm.getByTestId('project-title')).toHaveText(project.number)
  await expect(pm.getByTestId('project-complete')).toBeVisible()
  await expect(pm.getByTestId('project-changeManager')).toHaveCount(0)

  const admin = await signedIn(browser, 'admin')
  await admin.goto(`/projects/${project.id}`)
  await admin.getByTestId('project-changeManager').click()
  // Required, said on leaving the field empty.
  await admin.getByTestId('manager-save').click()
  await expect(admin.getByText('Choose the new person in charge.')).toBeVisible()
  const select = admin.getByTestId('manager-select')
  await select.click()
  await select.locator('input').fill('Alice')
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'approver.hk' }).click()
  await admin.screenshot({ path: '/tmp/shots/project-change-manager-en-US.png' })
  await admin.getByTestId('manager-save').click()
  await expect(admin.getByTestId('project-details')).toContainText('Alice Wong')
  const approver = await db('users').where({ username: 'approver.hk' }).first('id')
  expect((await db('projects').where({ id: project.id }).first('managedBy')).managedBy).toBe(approver.id)

  // The dialog in Chinese, for people to look at; the language is put back without saving.
  await switchLanguage(admin, '中文', { save: false })
  await admin.getByTestId('project-changeManager').click()
  await expect(admin.getByTestId('manager-select')).toBeVisible()
  await admin.screenshot({ path: '/tmp/shots/project-change-manager-zh-CN.png' })
  await admin.locator('.ant-modal-footer:visible .ant-btn-default').click()
  await expect(admin.getByTestId('manager-select')).toHaveCount(0)
  await switchLanguage(admin, 'English', { save: false })
})
