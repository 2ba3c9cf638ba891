import type { Translation } from '../../../i18n/languages.js'

/** Everything tenant projects say in English: server errors by code, the export's column labels and the names of its values. */
const catalogue = {
  errors: {
    TENANT_PROJECT_FLOOR_INFO: 'The project cannot be created: floor information is missing or expired in the tenancy record. Please contact the building hotline {{hotline}}.',
    TENANT_PROJECT_PREMISES_CHANGED: 'The floor details of the premises have changed since this form was opened. Please refresh the page and try again.',
    TENANT_PROJECT_FLOOR_NOT_HELD: 'The premises do not hold these floors today: {{floors}}.',
    TENANT_PROJECT_TERMS_NOT_ACCEPTED: 'Please accept the terms and conditions to create the project.',
    TENANT_PROJECT_CLOSED: 'This tenant project is {{status}}: it can no longer be changed.',
    TENANT_PROJECT_NOT_DRAFT: 'Only a draft project can be deleted; this one is {{status}}.'
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
