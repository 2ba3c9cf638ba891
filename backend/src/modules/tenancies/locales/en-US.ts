import type { Translation } from '../../../i18n/languages.js'

/** Everything tenancy records say in English: server errors by code and the export's column labels. */
const catalogue = {
  errors: {
    TENANCY_DUPLICATE: 'A tenancy with the same company name, trade name, building and type already exists.',
    TENANCY_COMPANY_TYPE: 'A tenancy record is of a tenant company (type {{allowed}}); this company is of type {{type}}.',
    COMPANY_NAME_CONFIRM: 'Change the company name from "{{from}}" to "{{to}}"? Please confirm.',
    LEASE_MISMATCH: 'The lease type or building does not match the tenancy. Please confirm to link it anyway.',
    OPENING_HOURS_INVALID: 'The opening hours are not valid on: {{details}}. The end must be after the start on the same day.',
    PREMISES_INVALID: 'Premises line {{details}}: the floor must be one of the building and the end date not before the effective date.',
    LEASE_SHEET_INVALID: 'The file is not a lease spreadsheet (xlsx) that can be read.',
    FLOOR_INFO_MISSING: 'The project cannot be created: floor information is missing or expired in the tenancy record. Please contact the hotline.',
    MOVE_HANDOVER_INVALID: 'The corresponding handover/takeback must be a completed handover (for a move-in) or takeback (for a move-out) of this tenancy.',
    MOVE_HANDOVER_TAKEN: 'That handover/takeback already has its move record.',
    MOVE_REMARKS_REQUIRED: 'A move-in or move-out record needs either remarks or the corresponding handover/takeback.',
    MOVE_FLOOR_INVALID: 'The floor {{floor}} is not one of the building of this tenancy.',
    MOVE_BUSINESS_DATE_INVALID: 'The business commencement date cannot be before the move-in, nor the last trading date after the move-out.',
    MOVE_REOPEN_DATE_INVALID: 'The reopen date cannot be before the temporary close.',
    GREEN_VALIDITY_REQUIRED: 'The validity period of a green operation record is required (1 to 120 months).',
    EMAIL_USED: 'Another account of this tenancy already uses the e-mail {{email}}.',
    MASTER_ACCOUNT_EXISTS: 'This tenancy already has a master account.',
    TENANCY_USER_CONFIRM: '{{email}} is already a user of another tenancy. Invite them to this tenancy as well? Please confirm.',
    CONTRACTOR_ROW_INVALID: 'The contractor row is not valid: {{details}}.',
    CONTRACTOR_ACCOUNT_MISSING: 'Enter the contractor’s user account (e-mail) before inviting them.',
    CONTACT_ROLE_LINKED: 'Contact cannot be unlinked while it is an e-circular, emergency or marketing contact.',
    TENANCY_CONTACT_CHANGED: 'The tenancy contact has been changed by another user. Please refresh and try again.',
    CONTACT_ROLE_REQUIRED: 'Choose at least one role for the contact: circular, emergency, others, marketing, main, lease or finance.',
    PRIMARY_NOT_CIRCULAR: 'Only a circular contact can be the primary contact.',
    CONTACT_ALREADY_LINKED: 'This contact is already linked to the tenancy.',
    NO_INVITER: 'Nobody in this region may invite the master account of this tenancy. Please ask your administrator.'
  },
  mail: {
    'tenancy.contacts-confirm': {
      label: 'Confirm tenancy contacts',
      description: 'Asks a tenant to confirm its contacts before they expire.',
      subject: 'Please confirm the contacts of {{companyName}} {{tradeName}}',
      text: 'The contacts of your tenancy {{companyName}} {{tradeName}} have not been confirmed for {{days}} days. Please check that they are right and confirm them with one click:\n\n{{link}}'
    },
    'tenancy.created': {
      label: 'Tenancy created',
      description: 'Tells staff that a tenancy record was created.',
      subject: 'New tenancy record: {{companyName}} {{tradeName}} ({{building}})',
      text: '{{createdBy}} created the tenancy record {{companyName}} {{tradeName}} ({{type.en-US}}) in {{building}}.\n\nOpen it:\n{{link}}'
    },
    'tenancy.invitation-request': {
      label: 'Invitation requested',
      description: 'Asks staff to invite a tenant account requested by the tenant.',
      subject: 'Please invite the master account of {{companyName}} {{tradeName}}',
      text: '{{requestedBy}} asks you to invite the master account of the tenancy {{companyName}} {{tradeName}} in {{building}}:\n\n{{displayName}} <{{email}}>\nRemarks: {{remarks}}\n\nInvite them from the tenancy’s user management:\n{{link}}'
    }
  },
  /** Coded values as the lists show them, for exports (`<resource>.<field>.<value>`). */
  values: {
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
