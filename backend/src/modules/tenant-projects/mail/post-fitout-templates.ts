// The post-fit-out mails (issue 30 items 8 and 11; spec §7 "Tenant project e-mail events: ... post
// fit-out", §4 "complete post-fitout"): their texts are the module's catalogue's `mail`
// (locales/<language>.ts); here is the data each needs.

import { mailFields } from '../../../mail/templates.js'
import type { Worded } from './templates.js'

interface PostFitoutMail {
  projectName: string
  companyName: string
  link: string
  /** "post-fit-out" or "final post-fit-out", in the recipient's language. */
  round: Worded
}

declare module '../../../mail/templates.js' {
  interface MailTemplateData {
    /** To the project's people: staff started a post-fit-out review (spec "post fit-out"); they upload for it. */
    'tenant-project-post-fitout.started': PostFitoutMail & { remarks: string }
    /** To the project's people and the project managers: the post-fit-out review was completed (spec "complete post-fitout"). */
    'tenant-project-post-fitout.completed': PostFitoutMail & { remarks: string }
  }
}

export const postFitoutMailFields = mailFields({
  'tenant-project-post-fitout.started': ['projectName', 'companyName', 'link', 'round.en-US', 'round.zh-CN', 'remarks'],
  'tenant-project-post-fitout.completed': ['projectName', 'companyName', 'link', 'round.en-US', 'round.zh-CN', 'remarks']
})
