// Project notices (spec §9 e-mail template types for projects): the invitation of the vendor when
// a project is activated, the primary contact of a contractor (project-contractors), and the
// payment claims' (project-submissions). Their texts are the module's catalogue's `mail`
// (locales/<language>.ts); here is the data each needs.

import { mailFields } from '../../../mail/templates.js'

declare module '../../../mail/templates.js' {
  interface MailTemplateData {
    'project.invitation': { number: string; site: string; amount: string; link: string }
    'project.primary-contact': { number: string; companyName: string; contactName: string; link: string }
    'project.main-contractor-appointed': { number: string; vendor: string; contractor: string; user: string; link: string }
    'project.submission-submitted': { number: string; order: number; version: number; vendor: string; amount: string; invoiceNumber: string; link: string }
    'project.submission-accepted': { number: string; order: number; action: string; note: string; amount: string; link: string }
    'project.inspector-assigned': { number: string; order: number; link: string }
    'project.retention-due': { number: string; dueDay: string; amount: string; link: string }
    'project.folder-approved': { number: string; folder: string; link: string }
    'project.folder-rejected': { number: string; folder: string; reason: string; link: string }
  }
}

/** The fields of each project template (issue 27 item 19): the template screen shows them and a saved text may use only them. */
export const projectMailFields = mailFields({
  'project.invitation': ['number', 'site', 'amount', 'link'],
  'project.primary-contact': ['number', 'companyName', 'contactName', 'link'],
  'project.main-contractor-appointed': ['number', 'vendor', 'contractor', 'user', 'link'],
  'project.submission-submitted': ['number', 'order', 'version', 'vendor', 'amount', 'invoiceNumber', 'link'],
  'project.submission-accepted': ['number', 'order', 'action', 'note', 'amount', 'link'],
  'project.inspector-assigned': ['number', 'order', 'link'],
  'project.retention-due': ['number', 'dueDay', 'amount', 'link'],
  'project.folder-approved': ['number', 'folder', 'link'],
  'project.folder-rejected': ['number', 'folder', 'reason', 'link']
})
