import type { Knex } from 'knex'
import type { TenantProjectState } from '../services/tenant-projects/tenant-project.workflow.js'
import type { TenantProjectType } from '../services/tenant-projects/tenant-projects.shared.js'

export interface TenantProjectInput {
  tenancyId: number
  projectName: string
  type?: TenantProjectType
  status?: TenantProjectState
  floors?: string[]
  projectLocation?: string[]
  statusReason?: string | null
  createdBy?: number | null
  updatedAt?: Date
}

/** A tenant project of a tenancy, in any state, written as the service would leave it (tests and the demo). */
export async function createTenantProject(db: Knex, input: TenantProjectInput): Promise<{ id: number; updatedAt: Date }> {
  const tenancy = await db('tenancies').where({ id: input.tenancyId }).first('region', 'buildingId', 'companyName', 'tradeName')
  const status = input.status ?? 'DRAFT'
  const now = new Date()
  const reached = (...states: TenantProjectState[]) => (states.includes(status) ? now : null)
  const [row] = await db('tenant_projects').insert(
    {
      region: tenancy.region,
      tenancyId: input.tenancyId,
      buildingId: tenancy.buildingId,
      companyName: tenancy.companyName,
      tradeName: tenancy.tradeName,
      type: input.type ?? 'Fitout',
      projectName: input.projectName,
      projectLocation: input.projectLocation ?? [],
      floors: input.floors ?? [],
      isAccept: true,
      status,
      statusReason: input.statusReason ?? (status === 'WITHDRAWN' || status === 'CANCELLED' ? 'Plans changed' : null),
      createdBy: input.createdBy ?? null,
      submittedAt: reached('SUBMITTED', 'IN_PROGRESS', 'COMPLETED'),
      acceptedAt: reached('IN_PROGRESS', 'COMPLETED'),
      completedAt: reached('COMPLETED'),
      closedAt: reached('WITHDRAWN', 'CANCELLED'),
      ...(input.updatedAt ? { updatedAt: input.updatedAt } : {})
    },
    ['id', 'updatedAt']
  )
  return row
}

export interface TenantProjectAccountInput {
  projectId: number
  email: string
  contactFirstName?: string
  contactLastName?: string
  accessType?: 'TENANT' | 'CONTRACTOR'
  isContractorAdmin?: boolean
  userId?: number | null
  phone?: string | null
}

/** An account of a tenant project, as the service would leave it (the user already linked, or none). */
export async function createTenantProjectAccount(db: Knex, input: TenantProjectAccountInput) {
  const project = await db('tenant_projects').where({ id: input.projectId }).first('region', 'tenancyId')
  const [row] = await db('tenant_project_accounts').insert(
    {
      projectId: input.projectId,
      region: project.region,
      tenancyId: project.tenancyId,
      email: input.email.toLowerCase(),
      contactFirstName: input.contactFirstName ?? 'Chris',
      contactLastName: input.contactLastName ?? 'Wong',
      accessType: input.accessType ?? 'CONTRACTOR',
      isContractorAdmin: input.isContractorAdmin ?? false,
      userId: input.userId ?? null,
      phone: input.phone ?? null,
      invitedAt: new Date()
    },
    '*'
  )
  return row
}

export interface TenantProjectContractorInput {
  projectId: number
  firstName?: string
  lastName?: string
  contractorType?: string
  companyName?: string
  mobile?: string
  userAccount?: string | null
  officeTel?: string | null
}

/** A contractor row of a tenant project (the mobile given in E.164). */
export async function createTenantProjectContractor(db: Knex, input: TenantProjectContractorInput) {
  const project = await db('tenant_projects').where({ id: input.projectId }).first('region', 'tenancyId')
  const [row] = await db('tenant_project_contractors').insert(
    {
      projectId: input.projectId,
      region: project.region,
      tenancyId: project.tenancyId,
      firstName: input.firstName ?? 'Kelvin',
      lastName: input.lastName ?? 'Chan',
      contractorType: input.contractorType ?? 'MAIN',
      companyName: input.companyName ?? 'Harbour Fit-out Ltd',
      mobile: input.mobile ?? '+85291234567',
      userAccount: input.userAccount ?? null,
      officeTel: input.officeTel ?? null
    },
    '*'
  )
  return row
}

export interface SubmissionBatchInput {
  projectId: number
  order: number
  status: string
  designManagerId?: number | null
  cpReviewerId?: number | null
  techManagerId?: number | null
  designOutcome?: string | null
  cpOutcome?: string | null
  techOutcome?: string | null
  disapprovedBy?: string | null
  /** The running step's due day ('YYYY-MM-DD'), for a batch in review. */
  dueDate?: string | null
  sentAt?: Date | null
}

/** A submission batch of a tenant project, as the review would leave it (tests and the demo); decided states get their completed date. */
export async function createSubmissionBatch(db: Knex, input: SubmissionBatchInput) {
  const decided = ['DISAPPROVED', 'COMPLETED', 'CANCELLED'].includes(input.status)
  const inReview = ['DESIGN_REVIEW', 'CP_REVIEW', 'TECH_REVIEW'].includes(input.status)
  const [row] = await db('tenant_submissions').insert(
    {
      projectId: input.projectId,
      region: 'HK',
      tenancyId: 0,
      order: input.order,
      status: input.status,
      designManagerId: input.designManagerId ?? null,
      cpReviewerId: input.cpReviewerId ?? null,
      techManagerId: input.techManagerId ?? null,
      designOutcome: input.designOutcome ?? null,
      cpOutcome: input.cpOutcome ?? null,
      techOutcome: input.techOutcome ?? null,
      disapprovedBy: input.disapprovedBy ?? null,
      sentAt: input.status === 'STARTED' ? null : (input.sentAt ?? new Date()),
      stepStartedAt: inReview ? new Date() : null,
      dueDate: inReview ? (input.dueDate ?? null) : null,
      completedDate: decided ? new Date() : null,
      statusReason: input.status === 'CANCELLED' ? 'Superseded by a revised scheme' : null
    },
    '*'
  )
  return row
}

export interface SubmissionCommentInput {
  batch: { id: number; projectId: number; order: number }
  section: number
  item: number
  text: string
  type?: 'DESIGN' | 'TECH'
  status?: string
  answer?: string | null
  answeredOrder?: number | null
  sent?: boolean
  createdBy?: number | null
}

/** A comment of a project's register, as the review would leave it. */
export async function createSubmissionComment(db: Knex, input: SubmissionCommentInput) {
  const [row] = await db('tenant_submission_comments').insert(
    {
      projectId: input.batch.projectId,
      region: 'HK',
      tenancyId: 0,
      submissionId: input.batch.id,
      batchOrder: input.batch.order,
      type: input.type ?? 'DESIGN',
      section: input.section,
      item: input.item,
      label: `${input.section}.${String.fromCharCode(97 + input.item)}`,
      text: input.text,
      status: input.status ?? 'OPEN',
      answer: input.answer ?? null,
      answeredOrder: input.answeredOrder ?? null,
      sentAt: input.sent === false ? null : new Date(),
      createdBy: input.createdBy ?? null
    },
    '*'
  )
  return row
}
