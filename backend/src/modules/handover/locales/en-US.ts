import type { Translation } from '../../../i18n/languages.js'

/** Everything handover/takeback says in English: server errors by code, the export's column labels and the names of its values. */
const catalogue = {
  errors: {
    HOTB_NOT_EDITABLE: 'This handover/takeback is {{status}}: its information, schedule and keys can be changed only while it is a draft, approved or scheduled.',
    HOTB_NOT_YOURS: 'Only the person in charge of this handover/takeback, or someone allowed to update others’ records, can change it.',
    HOTB_TENANCY_INVALID: 'The tenancy was not found in this region.',
    HOTB_USER_INVALID: 'The {{field}} must be an active staff member of this region allowed to take that part (approve, or be in charge).',
    HOTB_KEYS_OPEN: 'The takeback cannot be completed: every key and access card handed over must be returned, reported lost with a charge, or waived with a reason. Still open: {{lines}}.',
    HOTB_KEY_SETTLEMENT: 'A key line’s outcome is recorded on a takeback only: returned, lost with a charge, or waived with a reason.',
    HOTB_TEMPLATE_BUILDING: 'The building was not found in this region.',
    HOTB_PHOTO_FILE: 'The photo’s file was not uploaded for this schedule item: upload the picture for the item, then add it.',
    HOTB_PHOTO_TYPE: 'A photo must be a picture (JPEG, PNG, WebP or HEIC).',
    HOTB_PHOTO_EXISTS: 'This picture is already a photo of the record.',
    HOTB_NOT_TAKEBACK: 'Only a takeback’s schedule items can be marked deteriorated and turned into deductions.',
    HOTB_DEDUCTION_ITEM: 'Item “{{item}}” cannot be turned into a deduction: it must be marked deteriorated, with an amount and a reason.',
    HOTB_ITEM_DEDUCTED: 'Item “{{item}}” has already been turned into a deduction.',
    HOTB_NO_DEPOSIT: 'The tenancy has no fit-out deposit to deduct from: the deteriorated items stay on the takeback’s deductions list.'
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
