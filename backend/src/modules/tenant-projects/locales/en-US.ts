import type { Translation } from '../../../i18n/languages.js'

/** Everything tenant projects say in English: server errors by code, the export's column labels and the names of its values. */
const catalogue = {
  errors: {
    TENANT_PROJECT_FLOOR_INFO: 'The project cannot be created: floor information is missing or expired in the tenancy record. Please contact the building hotline {{hotline}}.',
    TENANT_PROJECT_PREMISES_CHANGED: 'The floor details of the premises have changed since this form was opened. Please refresh the page and try again.',
    TENANT_PROJECT_FLOOR_NOT_HELD: 'The premises do not hold these floors today: {{floors}}.',
    TENANT_PROJECT_TERMS_NOT_ACCEPTED: 'Please accept the terms and conditions to create the project.',
    TENANT_PROJECT_CLOSED: 'This tenant project is {{status}}: it can no longer be changed.',
    TENANT_PROJECT_NOT_DRAFT: 'Only a draft project can be deleted; this one is {{status}}.',
    TENANT_PROJECT_ACCOUNT_CONFIRM: '{{email}} is already a user of this tenancy. Confirm to add them to the project.',
    TENANT_PROJECT_ACCOUNT_EMAIL_TAKEN: '{{email}} belongs to a user outside this tenancy and cannot be invited to the project.',
    TENANT_PROJECT_ACCOUNT_EXISTS: 'This e-mail is already one of the project’s accounts.',
    TENANT_PROJECT_ACCOUNT_ACTIVE: 'This person has already accepted the invitation: there is nothing to send again.',
    TENANT_PROJECT_ADMIN_NOT_CONTRACTOR: 'Only a contractor account can be the main contractor.',
    TENANT_PROJECT_MAIN_CONTRACTOR_EXISTS: 'The project already has a main contractor.',
    TENANT_PROJECT_PHONE_INVALID: 'Please enter a valid phone number.',
    TENANT_PROJECT_CONTRACTOR_INVALID: 'The contractor row is not complete or not valid: {{details}}.',
    TENANT_PROJECT_CONTRACTORS_INVALID: 'Some contractor rows are not complete or not valid (row: fields): {{details}}.',
    TENANT_PROJECT_EXTERNAL_SYSTEMS: 'The contractors of this project are kept in an external system and cannot be edited here.',
    GUIDELINE_PUBLISHED: 'This is guideline version {{version}}, which is published and cannot be changed. Edit the current draft instead.',
    GUIDELINE_DRAFT_EXISTS: 'These guidelines already have a draft: please edit the draft.',
    GUIDELINES_NOTHING_TO_PUBLISH: 'There is no draft of these guidelines to publish.',
    GUIDELINE_ITEM_DUPLICATE: 'Item {{itemId}} is listed more than once.'
  },
  values: {
    'tenant-projects': {
      status: { DRAFT: 'Draft', SUBMITTED: 'Submitted', IN_PROGRESS: 'In progress', COMPLETED: 'Completed', WITHDRAWN: 'Withdrawn', CANCELLED: 'Cancelled' },
      type: { Fitout: 'Fit-out', Reinstatement: 'Reinstatement', Facade: 'Facade' }
    }
  },
  fields: {
    /** The All Tenant Projects list's columns (spec §2: status, company, trade name, premises, project name, building, floor). */
    'tenant-projects': {
      status: 'Status',
      companyName: 'Company',
      tradeName: 'Trade name',
      projectName: 'Project name',
      type: 'Type',
      buildingId: 'Building',
      floors: 'Floor',
      projectLocation: 'Location',
      updatedAt: 'Last updated'
    }
  }
}

export type TenantProjectsCatalogue = Translation<typeof catalogue>
export default catalogue
