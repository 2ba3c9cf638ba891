import type { Translation } from '../../../i18n/languages.js'
import claims from '../claims/locales/en-US.json' with { type: 'json' }

/** Everything projects say in English: server errors by code, mails, coded values and the export's column labels. */
const catalogue = {
  errors: {
    PROJECT_PURCHASE_NOT_AWARDED: 'Purchase order or contract {{number}} is not active or its tender is not awarded: no project can be created from it.',
    PROJECT_NUMBER_IN_USE: 'A project already exists for this purchase order or contract.',
    PROJECT_COMPLETION_DATE_REQUIRED: 'Actual completion date is required before completing the project.',
    PROJECT_COMPLETION_BEFORE_COMMENCEMENT: 'The actual completion date cannot be before the actual commencement date.',
    PROJECT_DEDUCTION_TOO_HIGH: 'The deduction cannot exceed the deductible amount ({{max}}).',
    PROJECT_DEDUCTION_REASON_REQUIRED: 'Please give the reason for the deduction.',
    MAIN_CONTRACTOR_EXISTS: 'This project already has a main contractor.',
    CONTRACTOR_EMAIL_MISSING: 'Enter the primary contact’s e-mail before inviting them.',
    // Payment claims (project-submissions): the claims catalogue's rules, and the service's own answers.
    ...claims.errors,
    CLAIM_FROZEN: 'Claim {{order}} has been submitted: a submitted version cannot be changed.',
    CLAIM_REJECT_REASON_REQUIRED: 'Please give the reason for rejecting the claim (at most {{max}} characters).',
    CLAIM_LINES_WITHOUT_SCHEDULE: 'This project has no schedule of values: enter the claim’s amount instead of lines.',
    SCHEDULE_STAFF_ONLY: 'Only the project’s staff in charge can set its schedule of values.',
    SCHEDULE_IN_USE: 'A claim of this project has been submitted: its schedule of values can no longer be replaced.',
    CHANGE_ORDER_FROZEN: 'Change order {{number}} has been submitted: only a draft can be changed.',
    CO_NO_SCHEDULE: 'This project has no schedule of values yet: a change order revises or adds to it. Ask the project’s staff in charge to import the schedule first.',
    CO_REJECT_REASON_REQUIRED: 'Please give the reason for rejecting the change order (at most {{max}} characters).',
    CO_LINES_EMPTY: 'A change order needs at least one line: an item added or an item revised.',
    CO_MISSING_ITEM: 'Line {{line}}: enter the item no.',
    CO_UNKNOWN_ITEM: 'Line {{line}}: item {{item}} is not in the schedule of values; to add it, choose “Add item”.',
    CO_ITEM_EXISTS: 'Line {{line}}: item {{item}} is already in the schedule of values; to change its value, choose “Revise item”.',
    CO_DUPLICATE_ITEM: 'Line {{line}}: item {{item}} is listed twice in this change order.',
    CO_MISSING_DESCRIPTION: 'Line {{line}}: enter the description of the added item {{item}}.',
    CO_AMOUNT_INVALID: 'Line {{line}}: an added item’s value must be more than 0, and a revision cannot be 0 (amounts with at most 2 decimals).',
    CO_BELOW_CLAIMED: 'Line {{line}}: item {{item}} would be worth {{value}}, less than the {{claimed}} already claimed on it. A change order cannot take a line below what has been claimed.',
    SCHEDULE_CHANGED_BY_ORDERS: 'A change order of this project has been approved: its schedule of values now changes only by change orders.',
    FOLDER_NAME_IN_USE: 'This project already has a folder named “{{name}}”.',
    FOLDER_DECIDED: 'The folder “{{name}}” is approved: its documents can no longer change.'
  },
  mail: {
    'project.invitation': {
      label: 'Project invitation',
      description: 'Invites the vendor when a project is activated.',
      subject: 'Project invitation: {{number}}',
      text: 'You are invited to the project {{number}} at {{site}} (total amount {{amount}}). The project is now active: you can follow it, its submissions and documents in the vendor portal.\n\n{{link}}'
    },
    'project.primary-contact': {
      label: 'Project primary contact',
      description: "Tells a contractor's contact that it is the project's primary contact.",
      subject: 'You are the primary contact of {{companyName}} on project {{number}}',
      text: 'Dear {{contactName}},\n\nYou have been named the primary contact of {{companyName}} on the project {{number}}. Sign in to the vendor portal to see the project.\n\n{{link}}'
    },
    'project.main-contractor-appointed': {
      label: 'Main contractor appointed',
      description: 'Tells the project manager that another company was named main contractor.',
      subject: 'Another company is main contractor on project {{number}}',
      text: '{{vendor}} has named {{user}} of {{contractor}}, another company, the main contractor of the project {{number}}. {{user}} now reads the project’s information, documents, contractors and work permits in the vendor portal; its claims, schedule of values and retention stay with {{vendor}} and staff.\n\nIf this is not expected, ask {{vendor}} to change the main contractor.\n\n{{link}}'
    },
    'project.submission-submitted': {
      label: 'Payment claim submitted',
      description: 'Tells the project manager of a submitted payment claim.',
      subject: 'Claim {{order}} submitted on project {{number}}',
      text: '{{vendor}} has submitted claim {{order}} (version {{version}}, invoice {{invoiceNumber}}, completion amount {{amount}}) on the project {{number}}. Please review it.\n\n{{link}}'
    },
    'project.submission-accepted': {
      label: 'Payment claim decided',
      description: 'Tells the vendor that its payment claim was accepted or returned.',
      subject: 'Claim {{order}} accepted on project {{number}}',
      text: 'Claim {{order}} (completion amount {{amount}}) on the project {{number}} has been accepted.\n\nOrder: {{order}}\nAction: Accepted\nNote: {{note}}\n\n{{link}}'
    },
    'project.retention-due': {
      label: 'Retention due',
      description: 'Reminds the project manager that a retention release falls due.',
      subject: 'Retention of project {{number}} falls due on {{dueDay}}',
      text: 'The retention of the project {{number}} ({{amount}} still held) falls due on {{dueDay}}, after its defects liability period. A retention release claim can be submitted from then.\n\n{{link}}'
    },
    'project.inspector-assigned': {
      label: 'Inspector assigned',
      description: 'Tells an inspector of a payment claim to inspect.',
      subject: 'You inspect claim {{order}} on project {{number}}',
      text: 'You have been assigned as the inspector of claim {{order}} on the project {{number}}.\n\n{{link}}'
    },
    'project.folder-approved': {
      label: 'Document folder approved',
      description: 'Tells the vendor that a document folder was approved.',
      subject: 'Folder “{{folder}}” approved on project {{number}}',
      text: 'The documents of the folder “{{folder}}” on the project {{number}} have been approved. Nothing more is filed in it.\n\n{{link}}'
    },
    'project.folder-rejected': {
      label: 'Document folder rejected',
      description: 'Tells the vendor that a document folder was rejected, with the reason.',
      subject: 'Folder “{{folder}}” rejected on project {{number}}',
      text: 'The documents of the folder “{{folder}}” on the project {{number}} have been rejected.\n\nReason: {{reason}}\n\nUpload corrected documents into the folder to send it back for another look.\n\n{{link}}'
    }
  },
  /** Coded values as the lists show them, for exports (`<resource>.<field>.<value>`). */
  values: {
    ...claims.values,
    projects: {
      status: { DRAFT: 'Draft', ACTIVE: 'Active', COMPLETED: 'Completed', CANCELLED: 'Cancelled' },
      numberType: { PO: 'Purchase order', CONTRACT: 'Contract' }
    },
    'project-folders': {
      status: { DRAFT: 'Draft', APPR: 'Approved', REJECTED: 'Rejected' }
    },
    'project-change-orders': {
      status: { DRAFT: 'Draft', SUBMITTED: 'Submitted', APPROVED: 'Approved', REJECTED: 'Rejected' }
    }
  },
  fields: {
    'project-change-orders': {
      number: 'Change order no.',
      date: 'Date',
      reason: 'Reason',
      lines: 'Lines',
      netChangeCents: 'Net change',
      status: 'Status',
      rejectReason: 'Reason for rejecting',
      submittedAt: 'Submitted',
      decidedAt: 'Decided'
    },
    'project-submissions': { ...claims.fields['project-submissions'], order: 'Claim no.', status: 'Status', decision: 'Decision', updatedAt: 'Last updated' },
    projects: {
      number: 'PO / contract number',
      numberType: 'Number type',
      revisionNum: 'Revision',
      companyId: 'Vendor',
      siteId: 'Site',
      managedBy: 'Person in charge',
      type: 'Type',
      totalAmountCents: 'Total amount',
      status: 'Status',
      onHold: 'On hold',
      dlpDate: 'Defects liability date',
      createdAt: 'Created'
    }
  }
}

export type ProjectCatalogue = Translation<typeof catalogue>

export default catalogue
