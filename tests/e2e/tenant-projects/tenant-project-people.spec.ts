import { expect, test } from '../fixtures'
import { loginAs, modalOk, openedContexts, signedIn } from '../helpers'
import { createTenantProject, createTenantProjectAccount } from '../../../backend/src/modules/tenant-projects/seeds/factories'
import { createTestAccount } from '../../../seeds/account-factories'

/*
 * A tenant project's people as they meet them (issue 29 item 3): tenant.acme opens its project and
 * invites the main contractor (the form checks each field on leaving it); the invitation mail's
 * one-time link lets the contractor set a password; signed in, the contractor sees this project
 * only, with its people, and nothing to change.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

/** The link of the newest invitation mail to an address, as the mail outbox recorded it. */
async function invitationLink(db: import('knex').Knex, address: string) {
  let text = ''
  await expect(async () => {
    const mail = await db('mail_messages')
      .where({ template: 'account.invite' })
      .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])
      .orderBy('id', 'desc')
      .first()
    expect(mail).toBeTruthy()
    text = mail.text
  }).toPass({ timeout: 15_000 })
  const url = new URL(/https?:\/\/\S+\/pub\/resetpwd\S*/.exec(text)![0])
  return url.pathname + url.search
}

test('tenant.acme invites the main contractor, who signs in through the one-time link and sees only this project', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const name = unique('Office fit-out')
  const project = await createTenantProject(db, { tenancyId: acme, projectName: name, status: 'SUBMITTED', floors: ['22/F'], projectLocation: ['Office'] })
  const email = `main.${Math.random().toString(36).slice(2, 8)}@contractor.example.com`

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto(`/tenants/tenant-projects/${project.id}`)
  await expect(tenant.getByTestId('tenant-project-title')).toHaveText(name)
  await tenant.getByTestId('invite-project-account').click()
  // Checked on leaving the field, before anything is sent.
  await tenant.getByTestId('account-email').fill('not-an-email')
  await tenant.getByTestId('account-first-name').focus()
  await expect(tenant.getByText('Please enter a valid e-mail address')).toBeVisible()
  await tenant.getByTestId('account-email').fill(email)
  await tenant.getByTestId('account-first-name').fill('Kelvin')
  await tenant.getByTestId('account-last-name').fill('Chan')
  await expect(tenant.getByTestId('account-main-contractor')).toBeChecked()
  await modalOk(tenant)
  const accounts = tenant.getByTestId('project-accounts')
  await expect(accounts.getByText(email)).toBeVisible()
  await expect(accounts.getByText('Main contractor')).toBeVisible()

  // The contractor takes up the invitation from the mail.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  openedContexts.add(context)
  const contractor = await context.newPage()
  await contractor.goto(await invitationLink(db, email))
  const passwords = contractor.locator('input[type="password"]')
  await passwords.nth(0).fill('Welcome#2026')
  await passwords.nth(1).fill('Welcome#2026')
  await contractor.locator('button[type="submit"]').first().click()
  await expect(contractor.locator('.ant-result-success, .ant-notification-notice-success').first()).toBeVisible()
  await loginAs(contractor, email, 'Welcome#2026')
  await expect(contractor).toHaveURL(/\/tenants\//)

  // Only this project of the tenancy's, with its people, and nothing to change there.
  await contractor.goto('/tenants/tenant-projects')
  const links = contractor.getByTestId('tenant-project-link')
  await expect(links).toHaveCount(1)
  await expect(links).toHaveText(name)
  await expect(contractor.getByTestId('tenant-project-create')).toHaveCount(0)
  await links.click()
  await expect(contractor).toHaveURL(new RegExp(`/tenants/tenant-projects/${project.id}$`))
  await expect(contractor.getByTestId('project-accounts').getByText(email)).toBeVisible()
  await expect(contractor.getByTestId('invite-project-account')).toHaveCount(0)
  // Another project of the same tenancy is not found.
  const other = await createTenantProject(db, { tenancyId: acme, projectName: unique('Not theirs'), floors: ['22/F'] })
  await contractor.goto(`/tenants/tenant-projects/${other.id}`)
  await expect(contractor.getByTestId('tenant-project-title')).toHaveCount(0)
})

test('a sub-account without TenantProject listed on one project lists that project, and its tenancy page has no all projects tab', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const account = await createTestAccount(db, { like: 'tenant.acme' })
  await db('users')
    .where({ id: account.id })
    .update({ userType: 621, tenancyPerms: JSON.stringify(['TenancyRecord']) })
  await db('user_groups').where({ userId: account.id }).delete()
  const name = unique('Listed')
  const project = await createTenantProject(db, { tenancyId: acme, projectName: name, floors: ['22/F'] })
  await createTenantProjectAccount(db, { projectId: project.id, email: `${account.username}@example.com`, accessType: 'TENANT', userId: account.id })

  const page = await signedIn(browser, account.username)
  await page.goto('/tenants/tenant-projects')
  await expect(page.getByTestId('tenant-project-link')).toHaveText([name])
  await page.goto(`/tenants/tenancies/${acme}`)
  await expect(page.getByRole('tab').first()).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Tenancy information' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'All projects' })).toHaveCount(0)
})

test('the contractorInfo tab: the tenant adds a contractor row checked on leaving each field; staff mark the contractors as kept elsewhere, which stops the edits', async ({ browser, db }) => {
  test.setTimeout(150_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const project = await createTenantProject(db, { tenancyId: acme, projectName: unique('Rows'), status: 'SUBMITTED', floors: ['22/F'] })

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto(`/tenants/tenant-projects/${project.id}?tabIndex=2`)
  await expect(tenant.getByRole('tab', { name: 'Contractor information' })).toHaveAttribute('aria-selected', 'true')
  await tenant.getByTestId('add-project-contractor').click()
  const dialog = tenant.locator('.ant-modal:visible')
  await dialog.getByLabel('Mobile').fill('12')
  await dialog.getByLabel('Company').focus()
  await expect(dialog.getByText('Please enter a valid mobile number')).toBeVisible()
  await dialog.getByLabel('Contractor type').click()
  await tenant.locator('.ant-select-dropdown:visible').getByText('Electrical', { exact: true }).click()
  await dialog.getByLabel('Company').fill('Bright Electric Co')
  await dialog.getByLabel('First name').fill('Sam')
  await dialog.getByLabel('Last name').fill('Ng')
  await dialog.getByLabel('Mobile').fill('9123 4567')
  await modalOk(tenant)
  const rows = tenant.getByTestId('project-contractors')
  await expect(rows.getByText('Bright Electric Co')).toBeVisible()
  await expect(rows.getByText('+85291234567')).toBeVisible()
  // The tenant does not set the external systems flag.
  await expect(tenant.getByTestId('project-external-systems')).toHaveCount(0)

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/tenant-projects/${project.id}?tabIndex=2`)
  await expect(pm.getByTestId('project-contractors').getByText('Bright Electric Co')).toBeVisible()
  await pm.getByTestId('project-external-systems').click()
  await expect(pm.getByTestId('project-external-systems')).toBeChecked()

  await tenant.reload()
  await expect(tenant.getByText('The contractors of this project are kept in an external system')).toBeVisible()
  await expect(tenant.getByTestId('add-project-contractor')).toHaveCount(0)
})
