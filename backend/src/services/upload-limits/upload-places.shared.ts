// Browser-safe: every upload place of the portal, from the installed modules' manifests.
import { fromModules } from '../../modules/registry.shared.js'
import type { UploadPlaces } from './upload-limits.shared.js'

/** The platform's upload places (a building's plans, a company's papers) and every module's (place → the files' `ownerResource`s), in the modules' order. */
export const uploadPlaces: () => UploadPlaces = fromModules((modules) => Object.assign({ buildings: ['buildings'], companies: ['companies'] }, ...modules.map((module) => module.uploadPlaces ?? {})))
