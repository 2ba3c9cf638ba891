import type { Translation } from '../../../i18n/languages.js'

/** Everything handover/takeback says in English: server errors by code, the export's column labels and the names of its values. */
const catalogue = {
  errors: {
    HOTB_DOCUMENT_STATE:
      'This handover/takeback is {{status}}: attachments are added or removed only while it is a draft, approved or scheduled, and the signed or unsigned document only while it is scheduled or unsigned.',
    HOTB_DOCUMENT_KIND: 'Choose what the document is: the signed document, the unsigned document, or an attachment.',
    HOTB_SIGNED_DOCUMENT_MISSING:
      'The handover/takeback cannot be completed from scheduled without its signed document: upload the signed document, have both parties sign in person, or mark it unsigned.',
    HOTB_NOT_EDITABLE: 'This handover/takeback is {{status}}: its information, schedule and keys can be changed only while it is a draft, approved or scheduled.',
    HOTB_NOT_YOURS: 'Only the person in charge of this handover/takeback, or someone allowed to update others’ records, can change it.',
    HOTB_TENANCY_INVALID: 'The tenancy was not found in this region.',
    HOTB_USER_INVALID: 'The {{field}} must be an active staff member of this region allowed to take that part (approve, or be in charge).',
    HOTB_KEYS_OPEN: 'The takeback cannot be completed: every key and access card handed over must be returned, reported lost with a charge, or waived with a reason. Still open: {{lines}}.',
    HOTB_KEY_SETTLEMENT: 'A key line’s outcome is recorded on a takeback only: returned, lost with a charge, or waived with a reason.',
    HOTB_TEMPLATE_BUILDING: 'The building was not found in this region.',
    HOTB_NOT_SIGNABLE: 'This handover/takeback is {{status}}: it is signed only while scheduled or unsigned.',
    HOTB_SIGNING_GONE: 'This signing link is no longer valid: it was used, it expired, or the record changed. Ask the staff member for a new link.',
    HOTB_SIGNATURE_INVALID: 'The signature must be a drawn PNG image of at most 300 KB.',
    HOTB_SIGNATURES_STALE: 'The record changed after it was signed ({{parties}}): the parties must sign it again before it is completed.',
    HOTB_PHOTO_FILE: 'The photo’s file was not uploaded for this schedule item: upload the picture for the item, then add it.',
    HOTB_PHOTO_TYPE: 'A photo must be a picture (JPEG, PNG, WebP or HEIC).',
    HOTB_PHOTO_EXISTS: 'This picture is already a photo of the record.',
    HOTB_NOT_TAKEBACK: 'Only a takeback’s schedule items can be marked deteriorated and turned into deductions.',
    HOTB_DEDUCTION_ITEM: 'Item “{{item}}” cannot be turned into a deduction: it must be marked deteriorated, with an amount and a reason.',
    HOTB_ITEM_DEDUCTED: 'Item “{{item}}” has already been turned into a deduction.',
    HOTB_NO_DEPOSIT: 'The tenancy has no fit-out deposit to deduct from: the deteriorated items stay on the takeback’s deductions list.'
  },
  mail: {
    'hotb.submitted': {
      label: 'Handover/takeback submitted for approval',
      description: 'Tells the chosen approver a handover or takeback waits for approval.',
      subject: '{{type.en-US}} {{name}} ({{companyName}}) is waiting for your approval',
      text: 'The {{type.en-US}} {{name}} of {{companyName}} ({{premises}}) was submitted to you for approval:\n\n{{link}}'
    },
    'hotb.arranged': {
      label: 'Handover/takeback arranged',
      description: 'Sends the appointment to the tenant’s contacts and the person in charge, with a calendar file.',
      subject: '{{type.en-US}} of {{premises}} on {{scheduledAt}}',
      text: 'The {{type.en-US}} {{name}} of {{companyName}} ({{premises}}) is arranged for {{scheduledAt}}. The appointment is attached for your calendar.\n\n{{remarkToTenant}}\n\n{{link}}'
    },
    'hotb.unsigned': {
      label: 'Handover/takeback left unsigned',
      description: 'Tells the tenant’s contacts and the person in charge the document was not signed at the appointment.',
      subject: '{{type.en-US}} {{name}} was not signed',
      text: 'The {{type.en-US}} {{name}} of {{companyName}} ({{premises}}) was not signed at the appointment. {{reason}}\n\n{{link}}'
    },
    'hotb.completed': {
      label: 'Handover/takeback completed',
      description: 'Tells the tenant’s contacts and the person in charge the handover or takeback is complete.',
      subject: '{{type.en-US}} {{name}} is complete',
      text: 'The {{type.en-US}} {{name}} of {{companyName}} ({{premises}}) was completed on {{actualDate}}.\n\n{{link}}'
    },
    'hotb.change-requested': {
      label: 'Handover/takeback change requested',
      description: 'Tells the person in charge and the creator that a change was requested, with the reason.',
      subject: 'A change to {{type.en-US}} {{name}} was requested',
      text: 'A change to the {{type.en-US}} {{name}} of {{companyName}} ({{premises}}) was requested; it is a draft again.\nReason: {{reason}}\n\n{{link}}'
    },
    'hotb.reset-to-draft': {
      label: 'Handover/takeback reset to draft',
      description: 'Tells the person in charge the record is a draft again.',
      subject: '{{type.en-US}} {{name}} is a draft again',
      text: 'The {{type.en-US}} {{name}} of {{companyName}} ({{premises}}) was reset to draft.\n\n{{link}}'
    }
  },
  values: {
    hotb: {
      status: {
        DRAFT: 'Draft',
        WAPPR: 'Waiting for approval',
        APPR: 'Approved',
        REJECTED: 'Rejected',
        SCHEDULED: 'Scheduled',
        UNSIGNED: 'Unsigned',
        COMPLETED: 'Completed',
        CANCELLED: 'Cancelled'
      },
      type: { HANDOVER: 'Handover', TAKEBACK: 'Takeback' },
      premiseBuildingType: { asIs: 'As is', bareShell: 'Bare shell', others: 'Others' }
    }
  },
  fields: {
    /** The handover/takeback list's columns. */
    hotb: {
      status: 'Status',
      type: 'Type',
      name: 'Name',
      companyName: 'Company',
      tradeName: 'Trade name',
      buildingId: 'Building',
      premises: 'Premises',
      scheduledAt: 'Scheduled date and time',
      actualDate: 'Actual date',
      updatedAt: 'Last updated'
    }
  }
}

export type HandoverCatalogue = Translation<typeof catalogue>
export default catalogue
