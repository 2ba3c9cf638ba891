import type { Translation } from '../../../i18n/languages.js'

/** Everything tenders says in English: server errors by code, the PDF labels, the mails and the status names. */
const catalogue = {
  errors: {
    PR_NOT_FOUND: 'Purchase request {{prNumber}} was not found.',
    SITE_INVALID: 'The site code of the purchase request is not valid.',
    SITE_NO_DEPARTMENT: 'The site of the purchase request is not assigned to a department.',
    PR_AMOUNT_REQUIRED: 'Purchase request {{prNumber}} has no amount: the amount is required (it decides between Tender and ITQ).',
    THRESHOLD_TENDER: 'The purchase request amount does not match the type Tender (it must be above the department threshold).',
    THRESHOLD_ITQ: 'The purchase request amount does not match the type ITQ (it must be at or below the department threshold).',
    PR_IN_USE: 'PR number {{prNumber}} is already used by another tender.',
    PR_SITE_FORBIDDEN: 'You are not allowed to view this purchase request.',
    MISSING_FIELDS: 'Mandatory fields are missing in: {{sections}}.',
    CLOSING_TOO_EARLY: 'The closing date must be at least {{days}} working days ahead.',
    TENDER_CLOSED: 'The tender has closed; the bid can no longer be changed.',
    TERMS_NOT_ACCEPTED: 'Every term must be accepted before the bid is submitted ({{count}} not accepted).',
    DESCRIPTION_TOO_LONG: 'The description can have at most {{max}} characters.',
    EFFECTIVE_PERIOD_INVALID: 'The effective end date ({{until}}) cannot be before the start date ({{from}}).',
    CONDITIONS_DOCS_ATTACHED: 'Changing the conditions of contract deletes their attached files: confirm to delete them.',
    MONEY_DECIMALS: 'Amounts have at most 2 decimals ({{field}}).',
    INVALID_UNIT: 'Unknown unit: {{unit}}.',
    INVALID_DISCOUNT: 'A discount cannot be negative.',
    INVALID_NUMBER: 'Please enter a number.',
    PO_TOO_SHORT: 'The purchase order number must have at least {{min}} characters.',
    VENDOR_MISMATCH: 'The vendor does not match the awarded vendor of the tender.',
    TENDER_MISMATCH: 'The tender does not match: it must exist in this region and be awarded.',
    SITE_MISMATCH: 'The site does not match the site of the tender.',
    TOTAL_MISMATCH: 'The total amount {{amountText}} does not equal the final amount {{finalAmountText}}.',
    RECOMMENDATION_REQUIRED: 'Please choose a recommended vendor before awarding.',
    RECOMMENDATION_INVALID: 'The recommended bid must be a submitted bid of this tender.',
    QUERY_CLOSED: 'The query has closed; it can no longer be answered.',
    REPRESENTATIVE_INVALID: 'The tender representative {{username}} is not a valid system user.',
    TENDER_SEALED: 'The bids are sealed until the tender is opened for review.'
  },
  /** Column labels of the spreadsheet exports by resource (the platform's `common` labels the rest). */
  fields: {
    tenders: {
      prNumber: 'PR number',
      prDescription: 'Description',
      tenderType: 'Type',
      version: 'Version',
      closingAt: 'Closing date',
      validityDays: 'Validity (days after closing)',
      extendReason: 'Extension reason',
      rejectReason: 'Reject reason',
      issuedAt: 'Issued',
      createdAt: 'Created',
      addendumStatus: 'Addendum status',
      addendumDraft: 'Addendum draft',
      approverId: 'Approver',
      approvedBy: 'Approved by',
      general: 'General information',
      scope: 'Scope of works',
      lineItemGroups: 'Line items',
      termsVersion: 'Terms version',
      recommendedBidId: 'Recommended bid',
      analysis: 'Analysis',
      awardedAt: 'Awarded at',
      poNumber: 'PO / contract no.'
    },
    'purchase-orders': {
      number: 'PO number',
      retentionPercent: 'Retention (%)',
      deduction: 'Deduction'
    },
    contracts: {
      number: 'Contract number',
      retentionPercent: 'Retention (%)',
      deduction: 'Deduction',
      revisionNum: 'Revision'
    }
  },
  documents: {
    tenderSummary: 'Tender Summary',
    tenderBid: 'Tender Bid',
    tenderQuery: 'Tender Query',
    prNumber: 'PR number',
    description: 'Description',
    tenderType: 'Type',
    status: 'Status',
    region: 'Region',
    closingAt: 'Closing date',
    issuedAt: 'Issued on',
    validity: 'Validity',
    validityDays: '{{days}} days after closing',
    budget: 'PR amount',
    currency: 'Currency',
    general: 'General information',
    projectDescription: 'Project description',
    projectLocation: 'Project location',
    projectStart: 'Project start',
    estimatedProjectDuration: 'Estimated duration',
    workingHours: 'Working hours',
    noisyWorkingHours: 'Noisy working hours',
    specialWorkingHours: 'Special working hours',
    paymentTerms: 'Payment terms',
    onsiteVisitRequired: 'Site visit required',
    onsiteContact: 'Site contact',
    onsiteLocation: 'Site visit location',
    scope: 'Scope of works',
    generalDesc: 'General description',
    generalSpec: 'General specification',
    particularDesc: 'Particular description',
    technicalDesc: 'Technical description',
    lineItems: 'Line items',
    itemNo: 'No.',
    itemDesc: 'Item',
    itemQty: 'Qty',
    itemUnit: 'Unit',
    rate: 'Rate',
    discount: 'Discount',
    lineTotal: 'Amount',
    optional: 'Optional',
    vendorRemark: 'Vendor remark',
    addendumLegend: 'N added, E edited by an addendum',
    optionalItems: 'Optional items — not included in the total',
    optionalName: 'Item',
    optionalNote: 'Note',
    optionalValue: 'Value',
    optionalSelected: 'Selected',
    total: 'Total',
    bids: 'Bids',
    vendor: 'Vendor',
    submittedAt: 'Submitted on',
    respondedOn: 'Responded on',
    declineReason: 'Decline reason',
    receipt: 'Receipt',
    receiptNonce: 'Receipt nonce',
    receiptBeforeNonces: 'Receipt issued before nonces: it cannot be verified',
    receiptCheck: 'Receipt check',
    receiptVerified: 'Receipt verified: the bid is as submitted',
    receiptFailed: 'Receipt does not match this bid',
    signatory: 'Signed by',
    position: 'Position',
    sealed: 'Sealed until opening',
    sealedNote: 'Prices are withheld until the tender is opened after its closing date.',
    query: 'Query',
    queryNo: 'Query no.',
    question: 'Question',
    answer: 'Answer',
    noAnswer: 'Not answered yet.',
    yes: 'Yes',
    no: 'No',
    page: 'Page {{page}} of {{pages}}',
    printedAt: 'Printed {{date}}',
    none: '—'
  },
  /** Mails by template name (spec §9 e-mail template types), rendered by the server's i18next; the HTML part is the text's paragraphs. */
  /** Coded values as the lists show them, for exports (`<resource>.<field>.<value>`). */
  values: {
    tenders: {
      tenderType: {
        TENDER: 'Tender',
        ITQ: 'ITQ'
      },
      status: {
        DRAFT: 'Draft',
        WAPPR: 'Waiting approval',
        APPR: 'Approved',
        REJECTED: 'Rejected',
        ISSUED: 'Issued',
        READY: 'Ready',
        REVIEW: 'Review',
        AWARDED: 'Awarded',
        REGRETTED: 'Regretted',
        DECLINED: 'Declined',
        CANCELLED: 'Cancelled',
        'A-DRAFT': 'A-Draft',
        'A-WAPPR': 'A-Waiting approval',
        'A-APPR': 'A-Approved',
        'A-REJECTED': 'A-Rejected',
        'A-ISSUED': 'A-Issued'
      }
    }
  },
  mail: {
    'tender.invitation': {
      label: 'Tender invitation',
      description: 'Invites a vendor to bid when a tender is issued.',
      subject: 'Invitation to tender: {{prNumber}}',
      text: 'You are invited to tender for {{description}} (PR {{prNumber}}).\n\nClosing date: {{closingAt}}\n\n{{link}}'
    },
    'tender.addendum': {
      label: 'Tender addendum',
      description: 'Tells invited vendors of an issued addendum.',
      subject: 'Tender addendum {{version}}: {{prNumber}}',
      text: 'Addendum {{version}} to the tender {{description}} (PR {{prNumber}}) has been issued. Please review the changes and submit your bid again before the closing date.\n\nClosing date: {{closingAt}}\n\nComment: {{comment}}\n\n{{link}}'
    },
    'tender.extension': {
      label: 'Closing date extended (vendors)',
      description: 'Tells invited vendors of a new closing date and its reason.',
      subject: 'Closing date extended: {{prNumber}}',
      text: 'The closing date of the tender {{description}} (PR {{prNumber}}) is now {{closingAt}}.\n\nReason: {{reason}}\n\n{{link}}'
    },
    'tender.approval-request': {
      label: 'Tender for approval',
      description: 'Asks the approver to approve a submitted tender.',
      subject: 'Tender waiting for your approval: {{prNumber}}',
      text: 'Dear {{approverName}},\n\nThe tender {{description}} (PR {{prNumber}}) waits for your approval.\n\n{{link}}'
    },
    'tender.approval-result': {
      label: 'Tender approval result',
      description: 'Tells the person in charge whether the tender was approved or rejected.',
      subject: 'Tender {{result.en-US}}: {{prNumber}}',
      text: 'The tender {{description}} (PR {{prNumber}}) was {{result.en-US}}.\n\n{{link}}'
    },
    'tender.extension-staff': {
      label: 'Closing date extended (staff)',
      description: 'Tells the person in charge of a new closing date.',
      subject: 'Closing date extended: {{prNumber}}',
      text: 'You extended the closing date of the tender {{description}} (PR {{prNumber}}) to {{closingAt}}. The vendors who have not replied were told.\n\nReason: {{reason}}\n\n{{link}}'
    },
    'tender.bid-submitted': {
      label: 'Bid submitted',
      description: 'The receipt of a submitted bid, to the vendor and the person in charge.',
      subject: 'Bid received: {{prNumber}}',
      text: '{{companyName}} submitted its bid for {{description}} (PR {{prNumber}}) at {{submittedAt}}.\n\nReceipt digest (SHA-256 of the bid as submitted with a secret nonce): {{receiptDigest}}\n\nThe nonce is shown with the receipt on your bid screen and in the bid PDF, never in a mail. Keep both: together they prove the content and time of your bid once the tender is opened. The bid stays sealed until the closing date, {{closingAt}}.\n\n{{link}}'
    },
    'tender.bid-declined': {
      label: 'Bid declined',
      description: 'Tells the person in charge that a vendor declined to bid.',
      subject: 'Invitation declined: {{prNumber}}',
      text: '{{companyName}} declined the invitation to tender for {{description}} (PR {{prNumber}}).\n\nReason: {{reason}}\n\n{{link}}'
    },
    'tender.award': {
      label: 'Tender awarded',
      description: 'Tells the chosen vendor that the tender is awarded to it.',
      subject: 'Award notice: {{prNumber}}',
      text: 'We are pleased to inform you that the tender {{description}} (PR {{prNumber}}) is awarded to your company.\n\n{{link}}'
    },
    'tender.regret': {
      label: 'Regret letter',
      description: 'Tells the other vendors that the tender went elsewhere.',
      subject: 'Tender result: {{prNumber}}',
      text: 'Thank you for your bid for {{description}} (PR {{prNumber}}). We regret that it was not successful this time.\n\n{{link}}'
    },
    'tender.query': {
      label: 'Tender query',
      description: 'Sends a vendor a question about its bid, with the reply deadline.',
      subject: 'Tender query: {{prNumber}}',
      text: 'A query on your bid for {{description}} (PR {{prNumber}}) waits for your answer by {{queryClosingAt}}.\n\n{{question}}\n\n{{link}}'
    },
    'tender.query-response': {
      label: 'Query answered',
      description: 'Tells the person in charge that a vendor answered a query.',
      subject: 'Query answered: {{prNumber}}',
      text: '{{companyName}} answered the query on the tender {{description}} (PR {{prNumber}}).\n\n{{link}}'
    }
  },
  status: {
    DRAFT: 'Draft',
    WAPPR: 'Waiting for approval',
    APPR: 'Approved',
    REJECTED: 'Rejected',
    ISSUED: 'Issued',
    READY: 'Closed',
    REVIEW: 'Under review',
    AWARDED: 'Awarded',
    REGRETTED: 'Regretted',
    DECLINED: 'Declined',
    CANCELLED: 'Cancelled',
    INVITED: 'Invited',
    SUBMITTED: 'Submitted',
    NO_RESPONSE: 'No response',
    QUERY: 'Query',
    REOPEN: 'Reopened',
    TENDER: 'Tender',
    ITQ: 'ITQ'
  }
}

export type TenderCatalogue = Translation<typeof catalogue>

export default catalogue
