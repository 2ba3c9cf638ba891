import type { Params } from '@feathersjs/feathers'
import type { Application, HookContext } from '../../../../declarations.js'
import { authorize } from '../../../../hooks/authorize.js'
import { readersOf } from '../../../../channels.js'
import { readTenderAs } from '../tenders/tenders.access.js'
import { tenderTermsSchema } from './tender-terms.schema.js'

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

/** Live events of the library: those whose ability reads the record (channels.ts), nobody else. */
export const termsEventReaders = (app: Application) => (data: any, context: HookContext) => readersOf(app, data, context)
