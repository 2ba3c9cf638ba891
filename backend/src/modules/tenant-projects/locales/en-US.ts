// One file on purpose (issue 28): a catalogue, read and translated key by key beside its zh-CN twin,
// which this file types.
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
    SUBMISSION_PROJECT_NOT_FOUND: 'Tenant project not found.',
    SUBMISSION_PROJECT_NOT_OPEN: 'Submissions can be made only after the project is submitted and while it is open; this one is {{status}}.',
    SUBMISSION_UNFINISHED: 'An unfinished submission exists (batch {{batch}}). Finish or cancel it before starting another.',
    SUBMISSION_ALREADY_SENT: 'This batch was already sent.',
    SUBMISSION_NOT_SENT: 'This batch has not been sent yet.',
    SUBMISSION_DISAPPROVED: 'Another reviewer already disapproved this batch.',
    SUBMISSION_CP_DISAPPROVED: 'The CP reviewer disapproved this batch.',
    SUBMISSION_CP_NOT_REVIEWED: 'The CP reviewer has not reviewed this batch yet.',
    SUBMISSION_CP_FOLLOW_UP: 'CP follow-up is required: the batch is waiting for the tenant’s update.',
    SUBMISSION_NOT_IN_REVIEW: 'This batch is not in review ({{status}}).',
    SUBMISSION_OUTCOME_INVALID: 'The outcome {{outcome}} does not apply to a batch in {{status}}.',
    SUBMISSION_REVIEWER_INVALID: 'The chosen reviewer cannot take this review step.',
    SUBMISSION_NO_FILES: 'Add at least one file to the batch before sending it.',
    SUBMISSION_COMMENTS_OPEN: 'Answer or mark as not applicable every open comment of the earlier batches before sending: {{details}}.',
    SUBMISSION_NOT_YOUR_TURN: 'Only the reviewer holding this step can do that.',
    SUBMISSION_COMMENT_SECTION: 'Section {{section}} does not exist yet; the next new section is {{next}}.',
    SUBMISSION_COMMENT_SENT: 'Comment {{label}} was already sent to the tenant and cannot be changed.',
    SUBMISSION_COMMENT_NOT_OPEN: 'Comment {{label}} cannot be answered now.',
    SUBMISSION_NO_BATCH_TO_ANSWER: 'Start the next batch to answer comment {{label}}.',
    SUBMISSION_ANSWER_REQUIRED: 'Enter an answer to comment {{label}}, or mark it not applicable.',
    SUBMISSION_COMMENT_STATE: 'Comment {{label}} is {{status}}: it cannot be changed that way.',
    SUBMISSION_FILE_TYPE_REQUIRED: 'Choose at least one file type: design or technical.',
    SUBMISSION_STEP_INVALID: 'The review step {{step}} does not exist.',
    SUBMISSION_REVIEW_COMPLETED: 'The review of this project was completed with batch {{batch}}: no further batch can be started.',
    SUBMISSION_FILE_SUBMITTED: 'This file was submitted: its type and description can no longer change.',
    GUIDELINE_PUBLISHED: 'This is guideline version {{version}}, which is published and cannot be changed. Edit the current draft instead.',
    GUIDELINE_DRAFT_EXISTS: 'These guidelines already have a draft: please edit the draft.',
    GUIDELINES_NOTHING_TO_PUBLISH: 'There is no draft of these guidelines to publish.',
    GUIDELINE_ITEM_DUPLICATE: 'Item {{itemId}} is listed more than once.',
    INSPECTION_ALREADY_SENT: 'This inspection was already sent to the tenant.',
    INSPECTION_NOT_SENT: 'Send the inspection to the tenant, or let the tenant view it, before raising a follow-up item.',
    INSPECTION_FOLLOW_UP_CLOSED: 'This follow-up item is already closed.',
    FINAL_DOCUMENTS_EXIST: 'This project already has its final documents record.',
    FINAL_DOCUMENTS_EXEMPTION_KEPT: 'The final documents were exempted: an exemption cannot be removed.',
    INSURANCE_PERIOD_INVALID: 'The insurance must end on or after it starts ({{insuredFrom}} to {{insuredUntil}}).',
    AMOUNT_INVALID: 'Enter the amount with at most 2 decimal places (for example 120,000.00).',
    DEPOSIT_EXISTS: 'This project already has a deposit: edit it instead.',
    DEPOSIT_REQUIRED: 'Record the deposit amount first.',
    DEPOSIT_AMOUNT_REQUIRED: 'Enter the deposit amount before accounting is notified.',
    DEPOSIT_PAYEE_REQUIRED: 'Enter the other payee’s name and mailing address.',
    DEPOSIT_WAIVER_APPROVAL_REQUIRED: 'Attach the Executive Director’s approval to waive the deposit.',
    DEDUCTION_NOTE_REQUIRED: 'A deduction of kind “other” needs a note.',
    DEDUCTIONS_EXCEED_DEPOSIT: 'The deductions would exceed the deposit.',
    DEDUCTION_EXISTS: 'This deduction was already recorded.',
    REFUND_CONFIRMED: 'The refund was confirmed: the ledger is closed.',
    REFUND_EXISTS: 'The refund of this project was already requested.',
    REFUND_NOT_ALLOWED: 'You may not request the refund of this project.',
    REFUND_PRECONDITIONS: 'The refund cannot be requested yet. Missing: {{missing}}.',
    REFUND_PAYEE_REQUIRED: 'Enter the payee’s name and mailing address.',
    LEDGER_FILE_INVALID: 'Attach a file uploaded for this project’s deposit.',
    MANAGEMENT_FEE_EXISTS: 'This project already has a management fee: edit it instead.',
    GREEN_FITOUT_EXISTS: 'This project already has a green fit-out.',
    GREEN_FITOUT_CLOSED: 'This green fit-out is {{status}}: its folders cannot be changed.',
    GREEN_FITOUT_NOT_COMPLETED: 'Complete the green fit-out before sending its letter (it is {{status}}).',
    GREEN_FOLDER_LOCKED: 'This folder was approved or reviewed: it is locked, its points and files stay as they are.',
    GREEN_FOLDER_EXISTS: 'This green fit-out already has a folder with this title.',
    POST_FITOUT_UNDER_REVIEW: 'A post-fit-out review of this project is already under review: complete it first.',
    POST_FITOUT_FINAL_INSPECTION_REQUIRED: 'The final post-fit-out cannot start yet. Missing: a final inspection sent to the tenant.',
    POST_FITOUT_COMPLETED: 'This post-fit-out review is completed and can no longer be changed.',
    POST_FITOUT_GUIDELINE_UNKNOWN: 'These items are not in the published post-fit-out guidelines: {{items}}.'
  },
  mail: {
    'tenant-submission.sent': {
      label: 'Submission sent for design review',
      description: 'Tells the design manager a tenant sent a submission batch.',
      subject: 'Batch {{batch}} of {{projectName}} ({{companyName}}) is waiting for your design review',
      text: '{{companyName}} sent batch {{batch}} of the fit-out project {{projectName}} for design review.\nPlease review it by {{dueDate}}:\n\n{{link}}'
    },
    'tenant-submission.next-reviewer': {
      label: 'Submission passed to the next reviewer',
      description: 'Tells a reviewer a batch reached their review step.',
      subject: 'Batch {{batch}} of {{projectName}} is waiting for your {{step.en-US}}',
      text: 'Batch {{batch}} of the fit-out project {{projectName}} ({{companyName}}) is now in {{step.en-US}}, with you as reviewer.\nPlease review it by {{dueDate}}:\n\n{{link}}'
    },
    'tenant-submission.reassigned': {
      label: 'Review step reassigned',
      description: 'Tells a reviewer a review step was handed to them.',
      subject: 'You now review batch {{batch}} of {{projectName}}',
      text: 'The {{step.en-US}} of batch {{batch}} of the fit-out project {{projectName}} ({{companyName}}) was reassigned to you. It is due by {{dueDate}}:\n\n{{link}}'
    },
    'tenant-submission.status-changed': {
      label: 'Submission status changed',
      description: 'Tells the tenant a batch was disapproved, needs an update or was cancelled.',
      subject: 'Batch {{batch}} of {{projectName}}: {{status.en-US}}',
      text: 'Batch {{batch}} of your fit-out project {{projectName}} is {{status.en-US}}. The reviewers sent {{comments}} comment(s); please answer them with your next batch:\n\n{{link}}'
    },
    'tenant-submission.completed': {
      label: 'Submission completed',
      description: 'Tells the tenant and the design manager a batch completed its review.',
      subject: 'Batch {{batch}} of {{projectName}} has completed its review',
      text: 'Batch {{batch}} of the fit-out project {{projectName}} ({{companyName}}) has completed its design and technical review.\n\n{{link}}'
    },
    'tenant-submission.overdue': {
      label: 'Review overdue',
      description: 'Reminds a reviewer, daily, of an overdue review step.',
      subject: 'Overdue: batch {{batch}} of {{projectName}}',
      text: 'The {{step.en-US}} of batch {{batch}} of the fit-out project {{projectName}} ({{companyName}}) was due on {{dueDate}} and is {{daysOverdue}} working day(s) overdue.\n\n{{link}}'
    },
    'tenant-project.withdrawn': {
      label: 'Tenant project withdrawn',
      description: 'Tells the reviewers a tenant withdrew its project.',
      subject: '{{projectName}} was withdrawn',
      text: '{{companyName}} withdrew the fit-out project {{projectName}}.\nReason: {{reason}}\n\n{{link}}'
    },
    'tenant-project-inspection.email': {
      label: 'Inspection e-mail',
      description: "An inspector's message from an inspection's e-mail history, as composed.",
      subject: '{{subject}}',
      text: '{{body}}'
    },
    'tenant-project-inspection.follow-up': {
      label: 'Inspection follow-up',
      description: 'Tells the tenant an inspection raised a follow-up item.',
      subject: 'Follow-up from the {{inspectionType.en-US}} of {{projectName}}',
      text: 'The {{inspectionType.en-US}} of your fit-out project {{projectName}} on {{inspectedAt}} needs a follow-up:\n\n{{description}}\n\nDue: {{dueDate}}\n\n{{link}}'
    },
    'tenant-project-final-documents.reminder': {
      label: 'Final documents reminder',
      description: 'Reminds the tenant to hand in the final documents of a fit-out.',
      subject: 'Reminder: the final documents of {{projectName}}',
      text: 'Please hand in the final documents of your fit-out project {{projectName}} ({{companyName}}).\n\n{{link}}'
    },
    'tenant-project-final-documents.settled': {
      label: 'Final documents completed or exempted',
      description: 'Tells the project managers and accounting the final documents were completed or exempted: the deposit refund can proceed.',
      subject: 'Final documents of {{projectName}} {{status.en-US}}',
      text: 'The final documents of the fit-out project {{projectName}} ({{companyName}}) were {{status.en-US}}. The deposit refund can proceed.\n\n{{link}}'
    },
    'tenant-project.insurance-expiring': {
      label: 'Insurance ending',
      description: "Reminds the tenant and the project managers, 30 days ahead, that a fit-out's insurance ends.",
      subject: 'The insurance of {{projectName}} ends on {{insuredUntil}}',
      text: 'The insurance of the fit-out project {{projectName}} ({{companyName}}), from {{insuredFrom}}, ends on {{insuredUntil}}. Please renew it and upload the new certificate.\n\n{{link}}'
    },
    'tenant-project-deposit.notice': {
      label: 'Deposit notice',
      description: 'Tells the project managers and accounting the deposit of a fit-out project, with its amount.',
      subject: 'Deposit of {{projectName}} ({{companyName}}): {{amount}}',
      text: 'The deposit of the fit-out project {{projectName}} ({{companyName}}) is {{amount}}.\nPayee: {{payee.en-US}}. Cheque: {{cheque}}. Waived: {{waived.en-US}}.\n\n{{link}}'
    },
    'tenant-project-refund.requested': {
      label: 'Deposit refund requested',
      description: 'Tells the project managers that the tenant requested its deposit refund, with the figures.',
      subject: 'Refund requested for {{projectName}} ({{companyName}}): {{refund}}',
      text: '{{companyName}} requested the deposit refund of the fit-out project {{projectName}}.\nDeposit {{deposit}}, deducted {{deducted}}, refund {{refund}}.\n\n{{link}}'
    },
    'tenant-project-refund.notice': {
      label: 'Deposit refund notice',
      description: 'Tells the project managers or accounting that a deposit refund is theirs to act on, with the figures.',
      subject: 'Refund of {{projectName}} ({{companyName}}) for {{step.en-US}}: {{refund}}',
      text: 'The deposit refund of the fit-out project {{projectName}} ({{companyName}}) is now with {{step.en-US}}.\nDeposit {{deposit}}, deducted {{deducted}}, refund {{refund}}.\n{{reason}}\n\n{{link}}'
    },
    'tenant-project-refund.confirmed': {
      label: 'Deposit refund confirmed',
      description: 'Tells the tenant that accounting confirmed its deposit refund, with the figures.',
      subject: 'Your deposit refund for {{projectName}} is confirmed: {{refund}}',
      text: 'Accounting confirmed the deposit refund of the fit-out project {{projectName}} ({{companyName}}).\nDeposit {{deposit}}, deducted {{deducted}}, refund {{refund}}.\n\n{{link}}'
    },
    'tenant-project-post-fitout.started': {
      label: 'Post fit-out review started',
      description: 'Tells the tenant that staff started a post-fit-out review of its project, and what to hand in.',
      subject: 'The {{round.en-US}} review of {{projectName}} has started',
      text: 'Staff started the {{round.en-US}} review of your fit-out project {{projectName}} ({{companyName}}).\n{{remarks}}\nPlease upload the documents the post-fit-out guidelines ask for:\n\n{{link}}'
    },
    'tenant-project-post-fitout.completed': {
      label: 'Post fit-out review completed',
      description: 'Tells the tenant and the project managers that a post-fit-out review was completed.',
      subject: 'The {{round.en-US}} review of {{projectName}} is complete',
      text: 'The {{round.en-US}} review of the fit-out project {{projectName}} ({{companyName}}) is complete.\n{{remarks}}\n\n{{link}}'
    },
    'tenant-project-management-fee.notice': {
      label: 'Management fee notice',
      description: 'Tells accounting the management fee of a fit-out project, with its amount, debit note and account code.',
      subject: 'Management fee of {{projectName}} ({{companyName}}): {{amount}}',
      text: 'The management fee of the fit-out project {{projectName}} ({{companyName}}) is {{amount}}.\nDebit note: {{debitNote}}. Account code: {{accountCode}}.\n\n{{link}}'
    },
    'green-fitout.step': {
      label: 'Green fit-out step',
      description: 'Tells the tenant that its green fit-out was started, put on hold, resumed or cancelled.',
      subject: 'Green fit-out of {{projectName}} {{step.en-US}}',
      text: 'The green fit-out of the project {{projectName}} ({{companyName}}) was {{step.en-US}}.\n\n{{link}}'
    },
    'green-fitout.folder-submitted': {
      label: 'Green fit-out folder handed in',
      description: 'Tells the green fit-out reviewers that the tenant handed a folder in.',
      subject: 'Green fit-out folder handed in: {{folderTitle}} ({{projectName}})',
      text: '{{companyName}} handed in the folder “{{folderTitle}}” of the green fit-out of {{projectName}}. Please review it.\n\n{{link}}'
    },
    'green-fitout.result': {
      label: 'Green fit-out result',
      description: 'Sends the tenant the result of its green fit-out: the accepted points and whether it is recognised.',
      subject: 'Green fit-out of {{projectName}}: {{totalPoints}} points, {{recognised.en-US}}',
      text: 'The green fit-out of the project {{projectName}} ({{companyName}}) is complete: {{totalPoints}} points were accepted (recognition needs {{thresholdPoints}}). It is {{recognised.en-US}}.\n\n{{link}}'
    }
  },
  batchPdf: {
    title: 'Submission batch {{batch}}',
    status: 'Status',
    sentAt: 'Sent',
    dueDate: 'Due (current step)',
    completedDate: 'Decided',
    reviewers: 'Reviewers',
    step: 'Step',
    reviewer: 'Reviewer',
    outcome: 'Outcome',
    designManager: 'Design manager',
    cpReviewer: 'CP reviewer',
    techManager: 'Technical manager',
    files: 'Files',
    file: 'File',
    docType: 'Type',
    design: 'Design',
    technical: 'Technical',
    na: 'N/A',
    submittedDate: 'Submitted',
    register: 'Comment register ({{open}} open of {{total}})',
    id: 'ID',
    type: 'Kind',
    batch: 'Batch',
    comment: 'Comment',
    answer: 'Answer',
    commentStatus: 'Status',
    none: 'None.',
    yes: 'Yes',
    statuses: {
      STARTED: 'Started',
      DESIGN_REVIEW: 'Design review',
      CP_REVIEW: 'CP review',
      UPDATE_PENDING: 'Update pending (CP follow-up)',
      TECH_REVIEW: 'Technical review',
      DISAPPROVED: 'Disapproved',
      COMPLETED: 'Completed',
      CANCELLED: 'Cancelled'
    },
    commentStatuses: {
      OPEN: 'Open',
      ANSWERED: 'Answered',
      NA: 'Not applicable',
      CLOSED: 'Closed',
      DELETED: 'Deleted'
    }
  },
  depositPdf: {
    title: 'Deposit refund statement',
    project: 'Project',
    company: 'Tenant',
    deposit: 'Deposit',
    payee: 'Payee',
    cheque: 'Cheque',
    deductions: 'Deductions',
    kind: 'Kind',
    reason: 'Reason',
    by: 'By',
    when: 'When',
    amount: 'Amount',
    totalDeducted: 'Total deducted',
    refund: 'Refund',
    status: 'Refund status',
    none: 'No deductions.',
    kinds: { DAMAGE: 'Damage', DEBRIS_REMOVAL: 'Debris removal', TEMPORARY_POWER: 'Temporary power', LATE_DOCUMENTS: 'Late documents', OTHER: 'Other' },
    payees: { SUBJECT_TO_REVIEW: 'Subject to review', DIRECT: 'Direct to tenant', OTHER: 'Other payee', CREDIT_TO: 'Credit to' },
    statuses: { REQUESTED: 'Requested', PM_NOTIFIED: 'Project manager notified', ACCOUNTING_NOTIFIED: 'Accounting notified', RESUMED: 'Resumed', CONFIRMED: 'Confirmed', NONE: 'Not requested' }
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
