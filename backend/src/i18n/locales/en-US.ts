// One file on purpose (issue 28): a catalogue, read and translated key by key beside its zh-CN twin,
// which this file types.
import type { Translation } from '../languages.js'

/**
 * Everything the platform says in English: its error messages, column labels, the mails
 * of accounts and login, and the words around every mail. The zh-CN file is typed by this one,
 * so a text missing there fails the type check. `{{name}}` marks a value of the mail's data.
 */
const catalogue = {
  /** Server messages by machine code (`data.code` of an error answer): for API users and codes the client's catalogue does not know. */
  errors: {
    BAD_REQUEST: 'Invalid data.',
    VALIDATION_FAILED: 'Invalid data: {{details}}',
    REFERENCE_INVALID: 'Invalid data: {{field}} names a record that does not exist or that you may not use.',
    INVALID_QUERY: 'This filter or sort is not allowed: {{details}}',
    LIMIT_TOO_LARGE: 'At most {{max}} records can be read at a time.',
    NOT_AUTHENTICATED: 'Please log in.',
    INVALID_LOGIN: 'Invalid username or password.',
    SESSION_EXPIRED: 'Session expired, please log in again.',
    ACCOUNT_LOCKED: 'The account is locked. Please contact the administrator or unlock it from the link sent by e-mail.',
    ACCOUNT_DISABLED: 'The account is disabled. Please contact the administrator.',
    PASSWORD_EXPIRED: 'Your password has expired. Please set a new password.',
    PASSWORD_PATTERN: 'The password needs at least 8 characters with 3 of these 4 kinds: digits, upper-case letters, lower-case letters, symbols.',
    PASSWORD_REUSED: 'Please enter a new password.',
    PASSWORD_WRONG: 'The current password is not correct.',
    LINK_EXPIRED: 'The link has expired.',
    TWO_FACTOR_REQUIRED: 'An authentication code was sent to your e-mail.',
    CODE_WRONG: 'The authentication code is wrong.',
    CODE_EXPIRED: 'The authentication code has expired.',
    CODE_LOCKED: 'Too many wrong codes. Please log in again.',
    CODE_RESEND_TOO_SOON: 'Please wait {{seconds}} seconds before asking for a new code.',
    TOO_MANY_ATTEMPTS: 'Too many attempts. Please try again in {{retryAfterSeconds}} seconds.',
    SSO_FAILED: 'Directory sign-in failed. Please try again or contact the administrator.',
    FORBIDDEN: 'You do not have permission for this operation.',
    PERMISSION_UPDATED: 'Your permissions have been updated. Please log in again.',
    REGION_FORBIDDEN: 'You are not authorised for the region {{region}}.',
    FIELD_FORBIDDEN: 'You are not allowed to set {{field}} of this record.',
    GROUP_INVALID: 'Security group {{groupId}} does not exist or cannot be given to this account in region {{region}}.',
    SUB_ACCOUNT_LIMIT: 'The company already has the most sub-accounts allowed ({{limit}}).',
    OWN_ACCOUNT_STATE: 'You cannot lock or disable your own account.',
    INTERNAL_USERNAME: 'Internal usernames are not allowed for vendor accounts ({{field}}).',
    REGION_UNKNOWN: 'There is no region {{region}}.',
    FEATURE_DISABLED: 'This function is not available in this region.',
    NOT_FOUND: 'The link or URL is no longer valid.',
    TIMEOUT: 'The request timed out.',
    DUPLICATE: 'Duplicate data cannot be saved.',
    STALE_WRITE: 'The record was updated by another user. Please refresh and retry.',
    UPDATED_AT_REQUIRED: 'The save must carry the version (updatedAt) it was made from.',
    EDIT_LOCKED: 'This record is being edited by {{username}}.',
    MAIL_FAILED: 'E-mail notification failed. Please retry.',
    NO_RECIPIENTS: 'There are no e-mail recipients.',
    FILE_TOO_LARGE: 'The file {{name}} is larger than {{max}} MB.',
    FILE_TYPE: 'The type of {{name}} is not allowed (allowed: {{types}}).',
    UPLOAD_RULE_INVALID: 'Invalid file rule: sizes (MB) and counts are whole numbers from 1 to {{max}}; types are extensions such as pdf or families such as image/*.',
    MAIL_TEMPLATE_UNKNOWN_FIELD: 'The template uses {{field}}, which this mail does not have. It may use: {{fields}}.',
    MAIL_TEMPLATE_UNBALANCED: 'The template has an unbalanced placeholder near “{{near}}”: write each field as {{open}}name{{close}}.',
    MAIL_TEMPLATE_EMPTY: 'The subject and the body may not be empty.',
    MAIL_TEMPLATE_VERSION: 'There is no version {{version}} of this template.',
    MAIL_TEMPLATE_NO_ADDRESS: 'Your account has no e-mail address to send the test to.',
    FILE_COUNT: 'At most {{max}} files can be uploaded at once.',
    FILE_MISSING: 'No file was uploaded.',
    FILE_EMPTY: 'The file {{name}} is empty.',
    BODY_TOO_LARGE: 'The request is too large.',
    INVALID_BODY: 'The request body is not valid: {{details}}',
    UNSUPPORTED_MEDIA_TYPE: 'This request cannot take a body of type {{type}}.',
    INVALID_VALUE: 'A value is not valid for its field: {{details}}',
    INVALID_REFERENCE: 'A referenced record does not exist: {{details}}',
    INVALID_TRANSITION: 'This action is not possible in status {{status}}.',
    PHYSICAL_SITE_TAKEN: 'Building {{building}} already belongs to a physical site.',
    IN_USE: 'This record is still used by {{by}} and cannot be removed.',
    SYSTEM_ERROR: 'Invalid response from server. Please contact the administrator.',
    COMMIT_FAILED: 'The database did not confirm the change, so it may not have been saved. Please reload and try again.',
    DATABASE_UNAVAILABLE: 'The database cannot be reached just now, so nothing was saved. Please try again in a moment.'
  },
  /** Column labels of the spreadsheet exports by resource (`common`: any resource's), as the lists label them. */
  fields: {
    common: {
      id: 'ID',
      region: 'Region',
      createdAt: 'Created at',
      updatedAt: 'Updated at',
      status: 'Status',
      currency: 'Currency',
      amount: 'Amount',
      siteId: 'Site',
      companyId: 'Company',
      managedBy: 'Person in charge',
      tenderId: 'Tender',
      departmentId: 'Department',
      buildingIds: 'Buildings',
      siteIds: 'Sites',
      userIds: 'Users'
    },
    buildings: {
      code: 'Code',
      name: 'Name',
      shortName: 'Short name',
      fullName: 'Full name',
      description: 'Description',
      floors: 'Floors',
      commonFloor: 'Common floor',
      zones: 'Zones',
      managementOffice: 'Management office',
      hotline: 'Hotline'
    },
    sites: {
      name: 'Name',
      shortName: 'Short name',
      type: 'Type'
    },
    locations: {
      code: 'Code',
      name: 'Name',
      buildingId: 'Building'
    },
    departments: {
      name: 'Name',
      shortName: 'Short name',
      description: 'Description',
      itqThreshold: 'ITQ threshold',
      categories: 'Categories'
    },
    users: {
      username: 'Username',
      email: 'E-mail',
      displayName: 'Name',
      source: 'Source',
      domain: 'Domain',
      userType: 'User type',
      tenancyId: 'Tenancy',
      defaultRegion: 'Default region',
      regions: 'Regions',
      language: 'Language',
      phone: 'Phone',
      enabled: 'Enabled',
      invitedAt: 'Invited at',
      roleName: 'Role',
      externalId: 'External ID',
      tenancyPerms: 'Tenancy permissions',
      vendorPerms: 'Vendor permissions',
      dashboard: 'Dashboard',
      failedLogins: 'Failed logins',
      lockedAt: 'Locked at',
      passwordChangedAt: 'Password changed at',
      lastLoginAt: 'Last login',
      permissionVersion: 'Permission version',
      groupIds: 'Security groups'
    },
    'security-groups': {
      name: 'Name',
      description: 'Description',
      domain: 'Domain',
      permissions: 'Permissions'
    },
    settings: {
      key: 'Key',
      value: 'Value',
      defaultValue: 'Default value',
      source: 'Source',
      description: 'Description'
    },
    'audit-log': {
      at: 'Time',
      userId: 'User',
      username: 'Username',
      action: 'Action',
      resource: 'Resource',
      recordId: 'Record',
      before: 'Before',
      after: 'After',
      address: 'Address'
    },
    'mail-messages': {
      template: 'Template',
      language: 'Language',
      to: 'To',
      cc: 'Cc',
      bcc: 'Bcc',
      subject: 'Subject',
      error: 'Error',
      messageId: 'Message-ID',
      sentAt: 'Sent at',
      recipients: 'Recipients',
      html: 'HTML body',
      text: 'Text body',
      transport: 'Transport'
    },
    regions: {
      code: 'Code',
      name: 'Name',
      domain: 'Domain',
      timeZone: 'Time zone',
      enabled: 'Enabled',
      features: 'Features',
      sortOrder: 'Sort order'
    },
    companies: {
      name: 'Name',
      mailingName: 'Mailing name',
      type: 'Type',
      email: 'E-mail',
      phone: 'Phone'
    },
    'audit-report': {
      day: 'Day',
      resource: 'Resource',
      action: 'Action',
      count: 'Writes'
    }
  },
  /** Names of coded values as the lists show them (`<resource>.<field>.<value>`; `common` for any resource's), for exports. */
  values: {
    common: {
      features: {
        TENDERS: 'Tenders',
        HONGKONG_LAND_PROJECTS: 'Projects',
        TENANCY_RECORDS: 'Tenancy records',
        TENANT_PROJECTS: 'Tenant projects',
        WORK_PERMITS: 'Work permits',
        VENDOR_PERFORMANCE: 'Vendor performance',
        E_CIRCULAR: 'E-circulars',
        DIRECTORY: 'Directories',
        GREEN_OPERATION: 'Green operation',
        GREEN_FIT_OUT: 'Green fit-out'
      },
      status: {
        DRAFT: 'Draft',
        SUBMITTED: 'Submitted',
        WAPPR: 'Waiting for approval',
        APPR: 'Approved',
        REJECTED: 'Rejected',
        CANCELLED: 'Cancelled',
        COMPLETED: 'Completed',
        ACTIVE: 'Active',
        INACTIVE: 'Inactive',
        ENABLED: 'Enabled',
        DISABLED: 'Disabled',
        LOCKED: 'Locked',
        INVITED: 'Invited',
        PENDING: 'Pending',
        SENT: 'Sent',
        FAILED: 'Failed',
        PUBLISHED: 'Published',
        SCHEDULED: 'Scheduled',
        EXPIRED: 'Expired'
      }
    },
    users: {
      userType: {
        '501': 'Staff admin',
        '521': 'Staff user',
        '561': 'Tender account',
        '401': 'Vendor admin',
        '421': 'Vendor user',
        '441': 'Vendor temporary user',
        '461': 'Vendor tender account',
        '601': 'Tenant admin',
        '621': 'Tenant user',
        '641': 'Tenant project user',
        '661': 'Tenant temporary user',
        '662': 'Tenancy contractor'
      },
      status: {
        INVITED: 'Invited',
        ACTIVE: 'Active',
        LOCKED: 'Locked',
        DISABLED: 'Disabled'
      }
    },
    sites: {
      type: {
        PHYSICAL: 'Physical',
        VIRTUAL: 'Virtual'
      }
    },
    companies: {
      type: { O: 'Others (O)', T: 'Tenant (T)', C: 'Contractor (C)', D: 'D', PC: 'Property consultant (PC)' }
    },
    'security-groups': {
      domain: {
        CMS: 'Staff / vendors (CMS)',
        TMS: 'Tenants (TMS)'
      }
    },
    'mail-messages': {
      status: {
        PENDING: 'Pending',
        OUTBOX: 'In outbox',
        SENT: 'Sent',
        FAILED: 'Failed'
      }
    }
  },
  /** The words of a spreadsheet export around its columns: the filters sheet, who and when. */
  exports: {
    sheet: 'List',
    filtersSheet: 'Filters',
    exportedBy: 'Exported by',
    exportedAt: 'Exported at',
    region: 'Region',
    rows: 'Rows',
    truncated: 'Only the first {{count}} rows are included',
    noFilters: 'No filters (every row you may read)',
    contains: 'contains “{{value}}”',
    startsWith: 'starts with “{{value}}”',
    endsWith: 'ends with “{{value}}”',
    between: 'from {{from}} to {{to}}',
    from: 'from {{from}}',
    to: 'up to {{to}}',
    anyOf: 'any of {{values}}',
    noneOf: 'none of {{values}}',
    not: 'not {{value}}',
    empty: 'empty',
    notEmpty: 'not empty',
    search: 'Search',
    sortedBy: 'Sorted by',
    ascending: 'ascending',
    descending: 'descending',
    yes: 'Yes',
    no: 'No',
    filter: 'Filter',
    value: 'Value'
  },
  mail: {
    /** Under every mail. */
    footer: 'This e-mail was sent automatically by Estate Portal. Please do not reply to it.',
    /** In place of a link or code, for outbox readers who may not see it. */
    hidden: '[hidden]',
    // Links are built by the caller (they point at the vendor or engineer entry host when one is configured).
    templates: {
      'account.invite': {
        label: 'Account invitation',
        description: 'Sent when an administrator creates an account: the link to set a password.',
        subject: 'Your Estate Portal account',
        html: `<p>Dear {{displayName}},</p>
<p>An Estate Portal account has been created for you. Your username is <strong>{{username}}</strong>.</p>
<p>Please set your password here: <a href="{{link}}">Set my password</a></p>
<p>If the link does not open, copy this address into your browser:<br>{{link}}</p>`,
        text: `Dear {{displayName}},

An Estate Portal account has been created for you. Your username is {{username}}.

Please set your password here: {{link}}`
      },
      'account.unlock': {
        label: 'Unlock account',
        description: 'Sent when a locked account asks to be unlocked: the unlock link.',
        subject: 'Your Estate Portal account is locked',
        html: `<p>Dear {{displayName}},</p>
<p>Your account was locked after too many failed login attempts.</p>
<p>To unlock it, open this link: <a href="{{link}}">Unlock my account</a></p>
<p>If you did not try to log in, please contact the administrator.</p>`,
        text: `Dear {{displayName}},

Your account was locked after too many failed login attempts.

To unlock it, open this link: {{link}}

If you did not try to log in, please contact the administrator.`
      },
      'password.reset': {
        label: 'Password reset',
        description: 'Sent when a user asks to reset the password: the reset link.',
        subject: 'Reset your Estate Portal password',
        html: `<p>Dear {{displayName}},</p>
<p>We received a request to reset your password.</p>
<p>Set a new password here: <a href="{{link}}">Reset my password</a></p>
<p>If you did not ask for this, you can ignore this e-mail; your password stays unchanged.</p>`,
        text: `Dear {{displayName}},

We received a request to reset your password.

Set a new password here: {{link}}

If you did not ask for this, you can ignore this e-mail; your password stays unchanged.`
      },
      'auth.code': {
        label: 'Sign-in code',
        description: 'The two-factor code sent at sign-in.',
        subject: 'Your Estate Portal authentication code',
        html: `<p>Dear {{displayName}},</p>
<p>Your authentication code is:</p>
<p style="font-size: 24px; font-weight: bold; letter-spacing: 4px;">{{code}}</p>
<p>It is valid for {{minutes}} minutes. Do not share it with anyone.</p>`,
        text: `Dear {{displayName}},

Your authentication code is: {{code}}

It is valid for {{minutes}} minutes. Do not share it with anyone.`
      },
      'account.locked-by-admin': {
        label: 'Account locked',
        description: 'Tells a user that an administrator locked the account.',
        subject: 'Your Estate Portal account has been locked',
        html: `<p>Dear {{displayName}},</p>
<p>An administrator has locked your account. You cannot log in until it is unlocked.</p>
<p>Please contact the administrator if you have any questions.</p>`,
        text: `Dear {{displayName}},

An administrator has locked your account. You cannot log in until it is unlocked.

Please contact the administrator if you have any questions.`
      },
      'account.unlocked': {
        label: 'Account unlocked',
        description: 'Tells a user that the account is unlocked again.',
        subject: 'Your Estate Portal account has been unlocked',
        html: `<p>Dear {{displayName}},</p>
<p>Your account has been unlocked. You can log in again.</p>`,
        text: `Dear {{displayName}},

Your account has been unlocked. You can log in again.`
      }
    }
  }
}

export type PlatformCatalogue = Translation<typeof catalogue>

export default catalogue
