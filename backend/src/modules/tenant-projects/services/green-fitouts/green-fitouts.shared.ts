// Browser-safe: the green fit-out's paths, calls and categories (spec §3, §7 Green fit-out; issue 30 item 9).

export const greenFitoutsPath = 'green-fitouts'
/** GET, create (DRAFT), the scheme's table (start, hold, resume, complete, cancel), a comment, the letter's preview and its sending. */
export const greenFitoutsMethods = ['find', 'get', 'create', 'start', 'hold', 'resume', 'complete', 'cancel', 'comment', 'preview', 'send'] as const
export const greenFitoutFoldersPath = 'green-fitout-folders'
/** GET, add a folder (ADD_FORDER), edit it while undecided, and the folder table (submit, approve, reject, updatePoints). */
export const greenFitoutFoldersMethods = ['find', 'get', 'create', 'patch', 'submit', 'approve', 'reject', 'updatePoints'] as const
export const greenFitoutFolderFilesPath = 'green-fitout-folder-files'
export const greenFitoutPointsPath = 'green-fitout-points'
export const greenFitoutHistoriesPath = 'green-fitout-histories'
/** All green fit-outs of the region by score (issue 30 item 9 "a portfolio view"): read only. */
export const greenFitoutPortfolioPath = 'green-fitout-portfolio'

/** The BEAM Plus Interiors categories (issue 30 item 9), in the scheme's order: a folder is of one. */
export const greenFitoutCategories = ['GREEN_BUILDING_ATTRIBUTES', 'MANAGEMENT', 'MATERIALS_ASPECTS', 'ENERGY_USE', 'WATER_USE', 'INDOOR_ENVIRONMENTAL_QUALITY', 'INNOVATIONS'] as const
export type GreenFitoutCategory = (typeof greenFitoutCategories)[number]

/** The spec's history types and action types (§3), with the folder actions and the scheme's own steps. */
export const greenHistoryTypes = ['SUBMISSION', 'GUIDELINE'] as const
export const greenHistoryActionTypes = [
  'ADD_FORDER',
  'SEND',
  'RESEND',
  'NEXT_REVIEWER',
  'RECEIVERS',
  'UPDATE',
  'ADD',
  'ON_HOLD',
  'START_LETTER',
  'REJECT',
  'APPROVE',
  'UPDATE_POINTS',
  'RESUME',
  'COMPLETE',
  'CANCEL',
  'DELETE'
] as const

/** The points of the ACCEPTED folders by category: the scorecard (every category present, 0 when none). */
export function scorecardOf(folders: ReadonlyArray<{ category: string; status: string; pointsAwarded?: number | null; pointsClaimed?: number | null }>) {
  return greenFitoutCategories.map((category) => {
    const own = folders.filter((folder) => folder.category === category)
    return {
      category,
      awarded: own.reduce((sum, folder) => sum + (folder.status === 'ACCEPTED' ? Number(folder.pointsAwarded ?? 0) : 0), 0),
      claimed: own.reduce((sum, folder) => sum + Number(folder.pointsClaimed ?? 0), 0)
    }
  })
}

/** The setting of the points a green fit-out needs to be recognised. */
export const recognitionThresholdSetting = 'tenantProjects.greenFitout.recognitionPoints'
export const defaultRecognitionPoints = 40
