import bcrypt from 'bcrypt'
import type { Knex } from 'knex'
import type { Permission } from '../backend/src/abilities/permissions.shared.js'
import { buildPermissionCatalogue } from '../backend/src/abilities/permission-catalogue.shared.js'
import { modules } from '../backend/src/modules/index.js'
import { addMissingGrants } from '../migrations/add-missing-grants.js'
import { inTransaction } from '../backend/src/db/transaction.js'
import { seedPublicHolidays } from './public-holidays.js'

const permissionCatalogue = buildPermissionCatalogue(modules).resources

export const DEMO_PASSWORD = 'Demo#2026'

const allFeatures = ['TENDERS', 'HONGKONG_LAND_PROJECTS', 'TENANCY_RECORDS', 'TENANT_PROJECTS', 'WORK_PERMITS', 'VENDOR_PERFORMANCE', 'E_CIRCULAR', 'DIRECTORY', 'GREEN_OPERATION', 'GREEN_FIT_OUT']

export const demoRegions = [
  { code: 'GLOBAL', name: 'Global', domain: 'global.portal.example.com', currency: null, timeZone: 'UTC', enabled: true, features: [], sortOrder: 0 },
  { code: 'HK', name: 'Hong Kong', domain: 'hk.portal.example.com', currency: 'HKD', timeZone: 'Asia/Hong_Kong', enabled: true, features: allFeatures, sortOrder: 1 },
  {
    code: 'SG',
    name: 'Singapore',
    domain: 'sg.portal.example.com',
    currency: 'SGD',
    timeZone: 'Asia/Singapore',
    enabled: true,
    features: ['TENDERS', 'HONGKONG_LAND_PROJECTS', 'WORK_PERMITS', 'VENDOR_PERFORMANCE'],
    sortOrder: 2
  },
  {
    code: 'BJ',
    name: 'Beijing',
    domain: 'bj.portal.example.com',
    currency: 'CNY',
    timeZone: 'Asia/Shanghai',
    enabled: true,
    features: ['TENANCY_RECORDS', 'TENANT_PROJECTS', 'E_CIRCULAR', 'DIRECTORY', 'GREEN_OPERATION'],
    sortOrder: 3
  },
  { code: 'MO', name: 'Macau', domain: 'mo.portal.example.com', currency: 'MOP', timeZone: 'Asia/Macau', enabled: false, features: [], sortOrder: 4 }
]

const floors = (lowest: number, highest: number, extra: string[] = []) => [...extra, ...Array.from({ length: highest - lowest + 1 }, (_, i) => `${lowest + i}/F`)]

const every = (resources: string[], attribute: 'own' | 'any' = 'any'): Permission[] =>
  resources.flatMap((resource) => (permissionCatalogue[resource] ?? []).map((action) => ({ resource, action, attribute })))

const read = (...resources: string[]): Permission[] => resources.map((resource) => ({ resource, action: 'read', attribute: 'any' }))

export const demoGroups: Array<{ name: string; domain: string; description: string; permissions: Permission[] }> = [
  { name: 'System Admin', domain: 'CMS', description: 'Everything, in every region', permissions: every(Object.keys(permissionCatalogue)) },
  {
    name: 'Project Manager',
    domain: 'CMS',
    description: 'Runs own tenders and projects',
    permissions: [
      ...read('buildings', 'sites', 'locations', 'departments', 'companies', 'purchase-requests'),
      { resource: 'tenders', action: 'create', attribute: 'own' },
      { resource: 'tenders', action: 'read', attribute: 'own' },
      { resource: 'tenders', action: 'update', attribute: 'own' },
      { resource: 'tenders', action: 'submit', attribute: 'own' },
      { resource: 'tenders', action: 'reset', attribute: 'own' },
      { resource: 'tenders', action: 'issue', attribute: 'own' },
      { resource: 'tenders', action: 'extend', attribute: 'own' },
      { resource: 'tenders', action: 'open', attribute: 'own' },
      { resource: 'tenders', action: 'cancel', attribute: 'own' }
    ]
  },
  {
    name: 'Approver',
    domain: 'CMS',
    description: 'Approves tenders, handovers and work permits; design and technical manager',
    permissions: [
      ...read('buildings', 'sites', 'locations', 'departments', 'companies', 'users', 'tenders'),
      { resource: 'tenders', action: 'approve', attribute: 'any' },
      { resource: 'tenders', action: 'reject', attribute: 'any' }
    ]
  },
  { name: 'Accounting', domain: 'CMS', description: 'Deposits, refunds and payments', permissions: read('buildings', 'sites', 'departments', 'companies') },
  {
    name: 'Vendor Admin',
    domain: 'CMS',
    description: "Vendor company's master account",
    permissions: [
      ...every(['users'], 'own').filter((p) => p.action !== 'delete'),
      { resource: 'files', action: 'create', attribute: 'own' },
      { resource: 'files', action: 'read', attribute: 'own' },
      { resource: 'companies', action: 'read', attribute: 'own' },
      { resource: 'companies', action: 'update', attribute: 'own' },
      { resource: 'tenders', action: 'read', attribute: 'own' },
      { resource: 'bids', action: 'read', attribute: 'own' },
      { resource: 'bids', action: 'save', attribute: 'own' },
      { resource: 'bids', action: 'submit', attribute: 'own' },
      { resource: 'bids', action: 'decline', attribute: 'own' }
    ]
  },
  {
    name: 'Tenant Admin',
    domain: 'TMS',
    description: "Tenancy's master account",
    permissions: [
      ...every(['users'], 'own').filter((p) => p.action !== 'delete'),
      { resource: 'files', action: 'create', attribute: 'own' },
      { resource: 'files', action: 'read', attribute: 'own' },
      { resource: 'companies', action: 'read', attribute: 'own' }
    ]
  },
  {
    name: 'Tenant Contractor',
    domain: 'TMS',
    description: "A tenancy's contractor",
    permissions: [
      { resource: 'files', action: 'create', attribute: 'own' },
      { resource: 'files', action: 'read', attribute: 'own' }
    ]
  }
]

interface DemoUser {
  username: string
  displayName: string
  userType: number
  roleName: string
  source?: 'AD' | 'EXT'
  regions: string[]
  defaultRegion: string
  groups: Record<string, string[]>
  company?: string
  tenancy?: boolean
  tenancyPerms?: string[]
  /** A vendor sub-account's toggles (its rights: no groups). */
  vendorPerms?: string[]
}

const allRegions = ['GLOBAL', 'HK', 'SG', 'BJ', 'MO']

export const demoUsers: DemoUser[] = [
  {
    username: 'admin',
    displayName: 'System Administrator',
    userType: 501,
    roleName: 'System Admin',
    regions: allRegions,
    defaultRegion: 'HK',
    groups: Object.fromEntries(allRegions.map((r) => [r, ['System Admin']]))
  },
  { username: 'pm.hk', displayName: 'Peter Mak (PM)', userType: 521, roleName: 'PM Admin', source: 'AD', regions: ['HK'], defaultRegion: 'HK', groups: { HK: ['Project Manager'] } },
  { username: 'approver.hk', displayName: 'Alice Wong (Approver)', userType: 521, roleName: 'Department Admin', source: 'AD', regions: ['HK'], defaultRegion: 'HK', groups: { HK: ['Approver'] } },
  { username: 'accounting.hk', displayName: 'Carol Chan (Accounting)', userType: 521, roleName: 'Accounting', source: 'AD', regions: ['HK'], defaultRegion: 'HK', groups: { HK: ['Accounting'] } },
  {
    username: 'vendor.alpha',
    displayName: 'Alan Lee (Alpha Engineering)',
    userType: 401,
    roleName: 'Contractor Admin',
    regions: ['HK', 'SG'],
    defaultRegion: 'HK',
    groups: { HK: ['Vendor Admin'], SG: ['Vendor Admin'] },
    company: 'Alpha Engineering Ltd'
  },
  // Alpha's sub-accounts (spec §6 vendor toggles): a site engineer who bids, an office contact keeper.
  {
    username: 'alpha.site',
    displayName: 'Sam Ng (Alpha site)',
    userType: 421,
    roleName: 'Contractor Sub',
    regions: ['HK', 'SG'],
    defaultRegion: 'HK',
    groups: {},
    company: 'Alpha Engineering Ltd',
    vendorPerms: ['Tenders', 'Projects', 'ReceiveECirculars']
  },
  {
    username: 'alpha.office',
    displayName: 'Olivia Chow (Alpha office)',
    userType: 421,
    roleName: 'Contractor Sub',
    regions: ['HK', 'SG'],
    defaultRegion: 'HK',
    groups: {},
    company: 'Alpha Engineering Ltd',
    vendorPerms: ['AdminVendorContacts', 'ReceiveECirculars']
  },
  {
    username: 'vendor.beta',
    displayName: 'Betty Ho (Beta Builders)',
    userType: 401,
    roleName: 'Contractor Admin',
    regions: ['HK', 'SG'],
    defaultRegion: 'HK',
    groups: { HK: ['Vendor Admin'], SG: ['Vendor Admin'] },
    company: 'Beta Builders Ltd'
  },
  {
    username: 'tenant.acme',
    displayName: 'Tom Cheung (ACME Trading)',
    userType: 601,
    roleName: 'Tenancy Admin Contact',
    regions: ['HK'],
    defaultRegion: 'HK',
    groups: { HK: ['Tenant Admin'] },
    company: 'ACME Trading',
    tenancy: true,
    tenancyPerms: ['TenantProject', 'HandoverTakeback', 'TenancyRecord', 'SubAdmin', 'StandaloneWorkPermits']
  },
  {
    username: 'contractor.acme',
    displayName: 'Connie Lau (ACME contractor)',
    userType: 662,
    roleName: 'TMS Standalone Contractor',
    regions: ['HK'],
    defaultRegion: 'HK',
    groups: { HK: ['Tenant Contractor'] },
    company: 'ACME Trading',
    tenancy: true
  }
]

/** Staff accounts in the states besides ACTIVE, so the users list shows each (PRODUCT.md "Account: invited → active ⇄ locked; enabled ⇄ disabled"). */
export const demoAccountStates = [
  { username: 'invited.hk', displayName: 'Ivy Tam (invited)', state: 'INVITED' },
  { username: 'locked.hk', displayName: 'Larry Poon (locked)', state: 'LOCKED' },
  { username: 'leaver.hk', displayName: 'Derek Yip (disabled)', state: 'DISABLED' }
] as const

/** Reference data every deployment needs: the regions. */
export async function seedRegions(db: Knex) {
  if ((await db('regions').count<{ count: number }[]>('* as count'))[0].count > 0) return
  await db('regions').insert(demoRegions.map((region) => ({ ...region, features: JSON.stringify(region.features) })))
}

/** The demo of PRODUCT.md: buildings, departments, groups, companies and the demo users. */
export async function seedDemo(db: Knex, options: { passwordHash?: string } = {}) {
  await seedRegions(db)
  if ((await db('users').count<{ count: number }[]>('* as count'))[0].count > 0) return false
  const passwordHash = options.passwordHash ?? (await bcrypt.hash(DEMO_PASSWORD, 10))
  await inTransaction(db, async (trx) => {
    const buildings = await trx('buildings').insert(
      [
        {
          region: 'HK',
          code: 'ES1',
          name: 'Exchange Square One',
          shortName: 'ES1',
          fullName: 'One Exchange Square',
          floors: JSON.stringify(floors(1, 52, ['B2', 'B1', 'G/F', 'M/F'])),
          commonFloor: 'G/F',
          zones: JSON.stringify(['ES', 'ES1']),
          managementOffice: 'Management Office, G/F, One Exchange Square, 8 Connaught Place, Central',
          hotline: '+852 2845 0000'
        },
        {
          region: 'HK',
          code: 'ES2',
          name: 'Exchange Square Two',
          shortName: 'ES2',
          fullName: 'Two Exchange Square',
          floors: JSON.stringify(floors(1, 51, ['B1', 'G/F'])),
          commonFloor: 'G/F',
          zones: JSON.stringify(['ES', 'ES2']),
          managementOffice: 'Management Office, G/F, Two Exchange Square',
          hotline: '+852 2845 0001'
        },
        {
          region: 'HK',
          code: 'ES3',
          name: 'Exchange Square Three',
          shortName: 'ES3',
          fullName: 'Three Exchange Square',
          floors: JSON.stringify(floors(1, 32, ['G/F'])),
          commonFloor: 'G/F',
          zones: JSON.stringify(['ES', 'ES3']),
          managementOffice: 'Management Office, G/F, Three Exchange Square',
          hotline: '+852 2845 0002'
        },
        {
          region: 'SG',
          code: 'MBFC1',
          name: 'Marina Bay Financial Centre Tower 1',
          shortName: 'MBFC1',
          fullName: 'MBFC Tower 1',
          floors: JSON.stringify(floors(1, 33, ['B1'])),
          commonFloor: '1/F',
          zones: JSON.stringify([]),
          managementOffice: 'Management Office, 8 Marina Boulevard',
          hotline: '+65 6222 0000'
        },
        {
          region: 'BJ',
          code: 'CCP',
          name: 'China Central Place',
          shortName: 'CCP',
          fullName: 'China Central Place Office Tower',
          floors: JSON.stringify(floors(1, 27, ['B1'])),
          commonFloor: '1/F',
          zones: JSON.stringify([]),
          managementOffice: '管理处，北京市朝阳区建国路 89 号',
          hotline: '+86 10 6530 0000'
        }
      ],
      ['id', 'code']
    )
    const id = (code: string) => buildings.find((b: any) => b.code === code)!.id
    const sites = await trx('sites').insert(
      [
        { region: 'HK', name: 'Exchange Square', shortName: 'ES', type: 'PHYSICAL', buildingIds: [id('ES1'), id('ES2'), id('ES3')] },
        { region: 'HK', name: 'Central Portfolio', shortName: 'CP', type: 'VIRTUAL', buildingIds: [id('ES1'), id('ES2')] },
        { region: 'SG', name: 'Marina Bay', shortName: 'MB', type: 'PHYSICAL', buildingIds: [id('MBFC1')] },
        { region: 'BJ', name: 'China Central Place', shortName: 'CCP', type: 'PHYSICAL', buildingIds: [id('CCP')] }
      ],
      ['id', 'shortName']
    )
    const siteId = (code: string) => sites.find((s: any) => s.shortName === code)!.id
    const categories = JSON.stringify([
      { id: 1, shortname: 'MEP', name: 'Mechanical, electrical and plumbing', status: 'ACTIVE', type: 'TENDER', order: 1 },
      { id: 2, shortname: 'FIT', name: 'Fitting-out', status: 'ACTIVE', type: 'TENDER', order: 2 }
    ])
    const departments = await trx('departments').insert(
      [
        {
          region: 'HK',
          name: 'Property Management',
          shortName: 'PMD',
          description: 'Operations of the Exchange Square buildings',
          itqThreshold: 500000,
          categories,
          siteIds: [siteId('ES')],
          buildingIds: [id('ES1'), id('ES2'), id('ES3')]
        },
        {
          region: 'HK',
          name: 'Technical Services',
          shortName: 'TSD',
          description: 'Building services and capital works',
          itqThreshold: 500000,
          categories,
          siteIds: [siteId('CP')],
          buildingIds: [id('ES1'), id('ES2')]
        },
        { region: 'SG', name: 'Property Management', shortName: 'PMD', itqThreshold: 500000, categories, siteIds: [siteId('MB')], buildingIds: [id('MBFC1')] },
        { region: 'BJ', name: 'Property Management', shortName: 'PMD', itqThreshold: 500000, categories, siteIds: [siteId('CCP')], buildingIds: [id('CCP')] }
      ],
      ['id', 'region', 'shortName']
    )
    await trx('locations').insert([
      { region: 'HK', code: 'ES1-G-MO', name: 'ES1 management office', departmentId: departments[0].id, buildingId: id('ES1') },
      { region: 'HK', code: 'ES2-B1-PLANT', name: 'ES2 plant room', departmentId: departments[1].id, buildingId: id('ES2') }
    ])
    const groups = await trx('security_groups').insert(
      demoGroups.map((g) => ({ ...g, permissions: JSON.stringify(g.permissions) })),
      ['id', 'name']
    )
    const companies = await trx('companies').insert(
      [
        { region: 'HK', name: 'Alpha Engineering Ltd', type: 'C', email: 'info@alpha.example.com', phone: '+852 2111 1111' },
        { region: 'HK', name: 'Beta Builders Ltd', type: 'C', email: 'info@beta.example.com', phone: '+852 2222 2222' },
        { region: 'HK', name: 'ACME Trading', type: 'T', email: 'office@acme.example.com', phone: '+852 2333 3333' }
      ],
      ['id', 'name']
    )
    const companyId = (name: string) => companies.find((c: any) => c.name === name)!.id
    const [tenancy] = await trx('tenancies').insert({ region: 'HK', companyId: companyId('ACME Trading'), companyName: 'ACME Trading', buildingId: id('ES1'), tradeName: 'ACME', type: 'O' }, ['id'])
    // The demo shows directory sign-in without a directory: the AD mock is on.
    await trx('settings').insert({ region: 'GLOBAL', key: 'auth.adMock', value: JSON.stringify(true), description: 'Demo: sign in as an AD user without a directory' })
    for (const user of demoUsers) {
      const [{ id: userId }] = await trx('users').insert(
        {
          username: user.username,
          email: `${user.username}@example.com`,
          displayName: user.displayName,
          password: passwordHash,
          source: user.source ?? 'EXT',
          domain: user.userType >= 600 ? 'TMS' : 'CMS',
          userType: user.userType,
          roleName: user.roleName,
          companyId: user.company ? companyId(user.company) : null,
          tenancyId: user.tenancy ? tenancy.id : null,
          tenancyPerms: JSON.stringify(user.tenancyPerms ?? []),
          vendorPerms: user.vendorPerms ?? [],
          regions: user.regions,
          defaultRegion: user.defaultRegion,
          passwordChangedAt: new Date()
        },
        ['id']
      )
      const rows = Object.entries(user.groups).flatMap(([region, names]) => names.map((name) => ({ userId, region, groupId: groups.find((g: any) => g.name === name)!.id })))
      if (rows.length) await trx('user_groups').insert(rows)
    }
    // An account in each state the users list shows besides ACTIVE (account.workflow.ts): no rights, never the demo's logins.
    await trx('users').insert(
      demoAccountStates.map((account) => ({
        username: account.username,
        email: `${account.username}@example.com`,
        displayName: account.displayName,
        password: account.state === 'INVITED' ? null : passwordHash,
        source: 'EXT',
        domain: 'CMS',
        userType: 521,
        roleName: 'Accounting',
        tenancyPerms: JSON.stringify([]),
        vendorPerms: [],
        regions: ['HK'],
        defaultRegion: 'HK',
        enabled: account.state !== 'DISABLED',
        lockedAt: account.state === 'LOCKED' ? new Date() : null,
        invitedAt: account.state === 'INVITED' ? new Date() : null,
        passwordChangedAt: account.state === 'INVITED' ? null : new Date()
      }))
    )
    await seedPublicHolidays(trx)
    // Each module's demo, then every grant its grants migrations give: a fresh seed holds what an
    // older database migrated to this version holds.
    for (const module of modules) await module.seedDemo?.(trx)
    for (const module of modules) for (const grants of Object.values(module.grants ?? {})) await addMissingGrants(trx, grants)
  })
  return true
}
