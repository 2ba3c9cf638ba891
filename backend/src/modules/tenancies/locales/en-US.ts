import type { Translation } from '../../../i18n/languages.js'

/** Everything tenancy records say in English: server errors by code and the export's column labels. */
const catalogue = {
  errors: {
    TENANCY_DUPLICATE: 'A tenancy with the same company name, trade name, building and type already exists.',
    COMPANY_NAME_CONFIRM: 'Change the company name from "{{from}}" to "{{to}}"? Please confirm.',
    LEASE_MISMATCH: 'The lease type or building does not match the tenancy. Please confirm to link it anyway.',
    OPENING_HOURS_INVALID: 'The opening hours are not valid on: {{details}}. The end must be after the start on the same day.',
    PREMISES_INVALID: 'Premises line {{details}}: the floor must be one of the building and the end date not before the effective date.',
    LEASE_SHEET_INVALID: 'The file is not a lease spreadsheet (xlsx) that can be read.',
    CONTACT_ROLE_LINKED: 'Contact cannot be unlinked while it is an e-circular, emergency or marketing contact.',
    TENANCY_CONTACT_CHANGED: 'The tenancy contact has been changed by another user. Please refresh and try again.',
    CONTACT_ROLE_REQUIRED: 'Choose at least one role for the contact: circular, emergency, others, marketing, main, lease or finance.',
    PRIMARY_NOT_CIRCULAR: 'Only a circular contact can be the primary contact.',
    CONTACT_ALREADY_LINKED: 'This contact is already linked to the tenancy.',
    FLOOR_INFO_MISSING: 'The project cannot be created: floor information is missing or expired in the tenancy record. Please contact the hotline.'
  },
  mail: {
    'tenancy.contacts-confirm': {
      subject: 'Please confirm the contacts of {{companyName}} {{tradeName}}',
      text: 'The contacts of your tenancy {{companyName}} {{tradeName}} have not been confirmed for {{days}} days. Please check that they are right and confirm them with one click:\n\n{{link}}'
    }
  },
  /** Coded values as the lists show them, for exports (`<resource>.<field>.<value>`). */
  values: {
    common: {
      resource: { tenancies: 'Tenancy records', leases: 'Leases', 'tenancy-contacts': 'Tenancy contacts' },
      auditAction: { activate: 'Activate', deactivate: 'Deactivate', linkLeases: 'Link leases', unlinkLeases: 'Unlink leases', import: 'Import', confirm: 'Confirm contacts' }
    },
    tenancies: { type: { O: 'Office', R: 'Retail' }, status: { ACTIVE: 'Active', INACTIVE: 'Inactive' } }
  },
  /** The per-building emergency call tree (PDF). */
  callTree: {
    title: 'Emergency call tree — {{building}}',
    officeHours: 'In office hours',
    outOfOfficeHours: 'Out of office hours',
    order: 'Order',
    tenancy: 'Tenancy',
    contact: 'Contact',
    phone: 'Phone',
    email: 'E-mail',
    none: 'No emergency contacts.'
  },
  fields: {
    'tenancy-contacts': {
      companyName: 'Company name',
      tradeName: 'Trade name',
      buildingCode: 'Building',
      contactName: 'Contact',
      position: 'Position',
      phone: 'Phone',
      email: 'E-mail',
      workingHourOrder: 'Emergency order (office hours)',
      nonWorkingHourOrder: 'Emergency order (out of office hours)',
      cPrimary: 'Primary'
    },
    tenancies: {
      id: 'ID',
      region: 'Region',
      companyId: 'Company',
      companyName: 'Company name',
      tradeName: 'Trade name',
      generalLine: 'General line',
      faxNumber: 'Fax',
      email: 'E-mail',
      type: 'Type',
      buildingId: 'Building',
      siteId: 'Site',
      marketingType: 'Marketing type',
      merged: 'Merged',
      status: 'Status',
      openingHours: 'Opening hours',
      remarks: 'Remarks',
      managedBy: 'Person in charge',
      premises: 'Premises',
      floors: 'Floors',
      createdAt: 'Created',
      updatedAt: 'Updated'
    }
  }
}

export type TenancyCatalogue = Translation<typeof catalogue>

export default catalogue
