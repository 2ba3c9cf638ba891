import type { Translation } from '../../../i18n/languages.js'

/** Everything the contacts module says in English: server errors by code and the export column labels. */
const catalogue = {
  errors: {
    DUPLICATE_PHONE: 'The phone number {{value}} is already saved for another contact.',
    DUPLICATE_EMAIL: 'The e-mail {{value}} is already saved for another contact.',
    PHONES_SAME: 'Two phone numbers of the contact are the same number ({{value}}).',
    EMAILS_SAME: 'Two e-mails of the contact are the same ({{value}}).',
    PHONE_INVALID: '{{value}} is not a valid phone number.',
    EMAIL_INVALID: '{{value}} is not a valid e-mail.',
    VALUE_REQUIRED: 'Every phone, e-mail, fax and address needs a value.',
    LOCAL_PHONE_REQUIRED: 'A local phone number ({{country}}) is required.',
    LAST_CONTACT: 'A company needs at least one contact: this is its last one.',
    CONTACT_REQUIRED: 'A company needs at least one contact.',
    MERGE_SAME: 'A contact cannot be merged with itself.',
    MERGE_CONFLICT: 'Both contacts are linked to the same record ({{table}}): unlink one first.'
  },
  /** Coded values as the lists show them, for exports (`<resource>.<field>.<value>`). */
  values: {
    ccdcontacts: { roleType: { Marketing: 'Marketing', CRM: 'CRM', PR: 'PR', Shop: 'Shop' }, status: { ACTIVE: 'Active', INACTIVE: 'Inactive' } },
    ccdcompanies: {
      type: { O: 'Others (O)', T: 'Tenant (T)', C: 'Contractor (C)', D: 'D', PC: 'Property consultant (PC)' },
      status: { ACTIVE: 'Active', INACTIVE: 'Inactive' }
    }
  },
  /** Column labels of the spreadsheet exports. */
  fields: {
    ccdcontacts: {
      name: 'Name',
      phone: 'Phone',
      email: 'E-mail',
      status: 'Status',
      companyId: 'Company ID',
      companyName: 'Company',
      prefix: 'Prefix',
      firstName: 'First name',
      lastName: 'Last name',
      gender: 'Gender',
      position: 'Position',
      title: 'Title',
      department: 'Department',
      roleType: 'Role type',
      remarks: 'Remarks',
      phones: 'Phones',
      emails: 'E-mails',
      faxes: 'Faxes',
      addresses: 'Addresses',
      managedBy: 'Kept by'
    },
    /** The companies list's columns (frontend ccdcompanies/list.tsx). */
    ccdcompanies: {
      name: 'Company name',
      type: 'Type',
      parentCompanyName: 'Parent company',
      phone: 'Phone',
      contactCount: 'Contacts',
      status: 'Status'
    },
    /** The company columns this module adds (the platform's companies export shows them too). */
    companies: {
      parentCompanyId: 'Parent company ID',
      department: 'Department',
      altPhone: 'Alternative phone',
      fax: 'Fax',
      addressLine1: 'Address line 1',
      addressLine2: 'Address line 2',
      addressLine3: 'Address line 3',
      addressLine4: 'Address line 4',
      managedBy: 'Kept by'
    }
  }
}

export type ContactsCatalogue = Translation<typeof catalogue>

export default catalogue
