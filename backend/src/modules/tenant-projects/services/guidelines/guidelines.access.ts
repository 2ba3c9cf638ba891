import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { extraReaders, readersOf } from '../../../../kit/channels.js'
import type { Guideline } from './guidelines.schema.js'

/** Whether the caller may edit the guidelines: only such a reader sees the drafts (internal calls do). */
export const editsGuidelines = (caller: Params) => !caller.provider || Boolean((caller as any).ability?.can('update', 'guidelines'))

/*
 * Who reads and edits the region's guidelines (spec tenant projects §3, §7 Guidelines), in CASL's
 * words on the row's own columns: staff with `guidelines` rules (the regional service keeps them
 * to their region) read every version and the drafts, and edit and publish as their rules say; a
 * tenancy's accounts, whose groups grant `read` only, read the published versions, never a
 * draft (`narrow` says so in SQL for lists, `read` for one row); vendors hold no rule: nothing.
 * Whether a reader sees drafts is asked as "may update the guidelines", not by user type, so a
 * grant decides it. A draft's live events go to those editors only.
 */
export const guidelinesAccess = defineAccess<Guideline & Record<string, unknown>>({
  subject: 'guidelines',
  narrow: (query, caller) => (editsGuidelines(caller) ? query : query.where('tenant_project_guidelines.status', 'PUBLISHED')),
  read: (guideline, caller) => caslAllows(caller, 'read', 'guidelines', guideline) && (guideline.status === 'PUBLISHED' || editsGuidelines(caller)),
  act: (guideline, action, caller) =>
    caslAllows(caller, 'read', 'guidelines', guideline) && (guideline.status === 'PUBLISHED' || editsGuidelines(caller)) && caslAllows(caller, action, 'guidelines', guideline),
  readers: (app, guideline, context) =>
    guideline.status === 'PUBLISHED'
      ? readersOf(app, guideline, context)
      : [extraReaders(app, guideline.region, [], guideline, (_user, ability) => Boolean(ability?.can('read', subject('guidelines', { ...guideline })) && ability?.can('update', 'guidelines')))]
})
