// The green fit-out's mails (issue 30 items 9 and 11: "green fit-out steps"): their texts are the
// module's catalogue's `mail` (locales/<language>.ts); here is the data each needs.

import { mailFields } from '../../../mail/templates.js'
import type { Worded } from './templates.js'

interface GreenMail {
  projectName: string
  companyName: string
  link: string
}

declare module '../../../mail/templates.js' {
  interface MailTemplateData {
    /** To the project's people: the green fit-out was started, put on hold, resumed or cancelled. */
    'green-fitout.step': GreenMail & { step: Worded }
    /** To the reviewers: the tenant handed a folder in. */
    'green-fitout.folder-submitted': GreenMail & { folderTitle: string }
    /** To the project's people: the result letter (send, resend): the points and whether it is recognised. */
    'green-fitout.result': GreenMail & { totalPoints: string; thresholdPoints: string; recognised: Worded }
  }
}

export const greenFitoutMailFields = mailFields({
  'green-fitout.step': ['projectName', 'companyName', 'link', 'step.en-US', 'step.zh-CN'],
  'green-fitout.folder-submitted': ['projectName', 'companyName', 'link', 'folderTitle'],
  'green-fitout.result': ['projectName', 'companyName', 'link', 'totalPoints', 'thresholdPoints', 'recognised.en-US', 'recognised.zh-CN']
})
