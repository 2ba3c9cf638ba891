import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { authorize } from '../../../../hooks/authorize.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { readTenderAs } from '../tenders/tenders.access.js'
import { tenderTermsSchema } from './tender-terms.schema.js'
import { tenderTermsPath } from './tender-terms.shared.js'

/*
 * Who reads terms, in one place:
 * - the terms library (settings, `tender-terms`): through the caller's `tender-terms` rules
 *   (read, create), narrowed and checked by CASL before and after each method; vendors and
 *   tenants hold none, so they are refused it (403), and nothing of it reaches them live;
 * - the terms of one tender (`tenders/:tenderId/terms`, what its vendors accept): whoever reads
 *   that tender (tenders.access, "own" said there: staff any or own, invited vendors from issue
 *   on), 404 for anyone else, like the tender itself.
 * Fields: the whole record to whoever reads it.
 */

/** Before and after every method of the library: the caller's CASL rules on `tender-terms`. */
export const authorizeTermsLibrary = authorize(tenderTermsSchema)

/** The tender whose terms the caller asks for, as they read it (404 otherwise). */
export const tenderOfTerms = (app: Application, tenderId: string, params: Params) => readTenderAs(app, tenderId, params)

/**
 * The library's access contract (kit/access.ts): read by the `tender-terms` CASL rules. A stored
 * version is never changed through the API (a new version is a create), so no caller acts on one
 * nor locks it. Live events: the kit's default readers, whose ability reads the record.
 */
export const termsLibraryAccess = defineAccess<Record<string, unknown>>({
  subject: tenderTermsPath,
  read: (terms, caller) => caslAllows(caller, 'read', tenderTermsPath, terms),
  act: (_terms, _action, caller) => !caller.provider
})
