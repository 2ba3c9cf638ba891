// Browser-safe: a project's document folders (spec §4 "Folder status: DRAFT, APPR, REJECTED").
export { folderStates, folderWorkflow, type FolderState } from './project-folder.workflow.js'

export const projectFoldersPath = 'project-folders'
export const projectFoldersMethods = ['find', 'get', 'create', 'approve', 'reject'] as const

/** A folder's name: 1 to 100 characters; a reject reason: 1 to 1000. */
export const folderNameMaxLength = 100
export const folderReasonMaxLength = 1000
