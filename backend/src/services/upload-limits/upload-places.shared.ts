// Browser-safe: every upload place of the portal, from the modules' manifests.
import { sharedModules } from '../../modules/index.shared.js'
import type { UploadPlaces } from './upload-limits.shared.js'

let places: UploadPlaces | undefined

/** The platform's upload places (a building's plans, a company's papers) and every module's (place → the files' `ownerResource`s), in the modules' order. */
export const uploadPlaces = (): UploadPlaces =>
  (places ??= Object.assign({ buildings: ['buildings'], companies: ['companies'] }, ...sharedModules.map((module) => (module as { uploadPlaces?: UploadPlaces }).uploadPlaces ?? {})))
