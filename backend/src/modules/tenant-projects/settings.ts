import { defaultReviewDays } from './services/tenant-submissions/review-clock.shared.js'
import { defaultRecognitionPoints } from './services/green-fitouts/green-fitouts.shared.js'

/** The fit-out review's settings with PRODUCT.md's defaults, each editable per region (system settings). */
export const tenantProjectSettingDefaults = {
  /** Working days a design review step may take before it is overdue. */
  'tenantProjects.reviewDays.design': defaultReviewDays.design,
  /** Working days a CP review step may take. */
  'tenantProjects.reviewDays.cp': defaultReviewDays.cp,
  /** Working days a technical review step may take. */
  'tenantProjects.reviewDays.technical': defaultReviewDays.technical,
  /** The points of ACCEPTED folders a green fit-out needs to be recognised (issue 30 item 9). */
  'tenantProjects.greenFitout.recognitionPoints': defaultRecognitionPoints
} as const

declare module '../../settings-values.js' {
  interface ModuleSettingDefaults {
    'tenantProjects.reviewDays.design': number
    'tenantProjects.reviewDays.cp': number
    'tenantProjects.reviewDays.technical': number
    'tenantProjects.greenFitout.recognitionPoints': number
  }
}
