import { expect, test } from '../fixtures'
import { popconfirmOk, signedIn, switchLanguage } from '../helpers'
import { createProject } from '../../../backend/src/modules/projects/seeds/factories'

/*
 * A workflow action's error toast names the action and the record, in both languages, and goes
 * when the same action then succeeds, instead of staying its 300 s beside the success (issue 27,
 * item 16): completing a project without its actual completion date fails, with the date it works.
 */
test('a failed "Complete" is titled by the action and the project, and its toast goes when Complete succeeds', async ({ browser, db }) => {
  const { project } = await createProject(db, { status: 'ACTIVE' })
  const page = await signedIn(browser, 'admin')
  await page.goto(`/projects/${project.id}?tabIndex=0`)
  const errors = page.locator('.ant-notification-notice-error')

  await page.getByTestId('project-complete').click({ timeout: 30_000 })
  await popconfirmOk(page)
  await expect(errors).toHaveCount(1)
  await expect(errors).toContainText(`Could not complete the project “${project.number}”`)
  await expect(errors).toContainText('Actual completion date is required before completing the project.')
  await expect(errors).not.toContainText('“Complete”')

  await switchLanguage(page, '中文', { save: false })
  await page.getByTestId('project-complete').click()
  await popconfirmOk(page)
  await expect(errors).toHaveCount(1)
  await expect(errors).toContainText(`无法完成项目“${project.number}”`)

  // The date given (by the project's manager meanwhile, same version), Complete goes through.
  await db('projects').where({ id: project.id }).update({ actualCompletionDate: '2026-11-20' })
  await page.getByTestId('project-complete').click()
  await popconfirmOk(page)
  await expect(page.locator('.ant-notification-notice-success')).toContainText('项目已完成。')
  await expect(errors).toHaveCount(0)
  await switchLanguage(page, 'English', { save: false })
})
