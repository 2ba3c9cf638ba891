// The project control's mails for inspections, final documents and insurance (issue 30 items 5 to 7
// and 11; spec §4 "inspection follow-up", "complete or exempt final documents"): their texts are the
// module's catalogue's `mail` (locales/<language>.ts); here is the data each needs.

import { mailFields } from '../../../mail/templates.js'
import type { Worded } from './templates.js'

/** What every project control mail prints: the project and where to open it. */
interface ProjectMail {
  projectName: string
  companyName: string
  link: string
}

declare module '../../../mail/templates.js' {
  interface MailTemplateData {
    /** An inspector's own message from an inspection's e-mail history (spec §7 email_history): subject and body as composed. */
    'tenant-project-inspection.email': { subject: string; body: string }
    /** To the project's people: an inspection raised a follow-up item (spec §4 "inspection follow-up"). */
    'tenant-project-inspection.follow-up': ProjectMail & { inspectionType: Worded; inspectedAt: string; description: string; dueDate: string }
    /** To the project's people: a reminder to hand in the final documents (spec §7 final_document reminder). */
    'tenant-project-final-documents.reminder': ProjectMail
    /** To the project manager and accounting: the final documents were completed or exempted (spec §4 "completion triggers deposit refund"). */
    'tenant-project-final-documents.settled': ProjectMail & { status: Worded }
    /** To the project's people and the project manager, 30 days before the insurance ends (issue 30 item 5). */
    'tenant-project.insurance-expiring': ProjectMail & { insuredFrom: string; insuredUntil: string }
  }
}

export const projectControlMailFields = mailFields({
  'tenant-project-inspection.email': ['subject', 'body'],
  'tenant-project-inspection.follow-up': ['projectName', 'companyName', 'link', 'inspectionType.en-US', 'inspectionType.zh-CN', 'inspectedAt', 'description', 'dueDate'],
  'tenant-project-final-documents.reminder': ['projectName', 'companyName', 'link'],
  'tenant-project-final-documents.settled': ['projectName', 'companyName', 'link', 'status.en-US', 'status.zh-CN'],
  'tenant-project.insurance-expiring': ['projectName', 'companyName', 'link', 'insuredFrom', 'insuredUntil']
})
