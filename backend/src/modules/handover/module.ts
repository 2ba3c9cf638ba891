import type { ModuleManifest } from '../manifest.js'
import { handoverShared } from './module.shared.js'
import enUS from './locales/en-US.js'
import zhCN from './locales/zh-CN.js'
import { hotb } from './services/hotb/hotb.js'
import { hotbScheduleItems } from './services/hotb-schedule-items/hotb-schedule-items.js'
import { hotbKeys } from './services/hotb-keys/hotb-keys.js'
import { hotbPhotos as hotbPhotosService } from './services/hotb-photos/hotb-photos.js'
import { hotbDeductions } from './services/hotb-deductions/hotb-deductions.js'
import { hotbApprovers } from './services/hotb-approvers/hotb-approvers.js'
import { hotbTenancies } from './services/hotb-tenancies/hotb-tenancies.js'
import { buildingHandoverTemplates } from './services/building-handover-templates/building-handover-templates.js'
import { seedHandover } from './seeds/demo.js'
import { benchHandover } from './seeds/bench.js'
import { hotbMailFields } from './mail/templates.js'
import { handoverSpecAliases } from './spec-aliases.js'
import * as hotbTables from './migrations/20261208000100_hotb.js'
import * as grantsOfHotb from './migrations/20261208000200_grants_of_hotb.js'
import * as hotbPhotos from './migrations/20261208000300_hotb_photos.js'
import * as hotbMoves from './migrations/20261208000400_hotb_moves.js'
import * as hotbSignatureTables from './migrations/20261208000600_hotb_signatures.js'
import { hotbSignatures } from './services/hotb-signatures/hotb-signatures.js'
import { hotbDocumentRenderers } from './documents/renderers.js'
import * as hotbDeterioration from './migrations/20261208000500_hotb_deterioration.js'
import * as hotbDocumentTables from './migrations/20261208000710_hotb_documents.js'
import { hotbDocuments } from './services/hotb-documents/hotb-documents.js'

/** Test factories: a record in any state, its schedule lines and key lines, a building's template version. */
export { createHotb, createHotbItems, createHotbKeys, createHandoverTemplate } from './seeds/factories.js'
export { createHotbDocument } from './seeds/document-factories.js'

/**
 * Handover and takeback of premises (spec hotb §1 to §9, issue 31; feature TENANT_PROJECTS): staff
 * hand premises over to a tenancy and take them back, with a condition schedule filled from the
 * building's template (or, at takeback, from the handover), a key ledger, approval and an
 * appointment; the tenancy reads its records once they are scheduled.
 */
export const handover: ModuleManifest = {
  ...handoverShared,
  services: [hotb, hotbScheduleItems, hotbKeys, buildingHandoverTemplates, hotbApprovers, hotbTenancies, hotbSignatures, hotbPhotosService, hotbDeductions, hotbDocuments],
  migrations: {
    '20261208000100_hotb': hotbTables,
    '20261208000200_grants_of_hotb': grantsOfHotb,
    '20261208000300_hotb_photos': hotbPhotos,
    '20261208000400_hotb_moves': hotbMoves,
    '20261208000500_hotb_deterioration': hotbDeterioration,
    '20261208000600_hotb_signatures': hotbSignatureTables,
    '20261208000710_hotb_documents': hotbDocumentTables
  },
  grants: {
    '20261208000200_grants_of_hotb': grantsOfHotb.grantsByGroup
  },
  // Spec §8 PDF types hotbSchedule and keyHotb, and the sealed original (issue 31 §7).
  documents: hotbDocumentRenderers,
  messages: { 'en-US': enUS, 'zh-CN': zhCN },
  mailFields: hotbMailFields,
  specAliases: handoverSpecAliases,
  seedDemo: seedHandover,
  // `npm run bench`: a handover of 13 schedule items and 60 photos, signed and sealed over HTTP; its record page's calls and PDFs.
  bench: benchHandover
}
