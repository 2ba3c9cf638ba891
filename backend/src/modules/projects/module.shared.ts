import type { SharedModuleManifest } from '../manifest.shared.js'
import { projectsExportColumns } from './exports.shared.js'
import { vendorRatingsExportColumns } from './services/vendor-ratings/vendor-ratings.exports.shared.js'

// Browser-safe: the part of the projects manifest the browser reads as well (permission editor,
// export buttons). The server's manifest is module.ts. It imports no value from the platform.

export const projectsShared = {
  name: 'projects',
  uploadPlaces: { projects: ['projects'], 'project-submissions': ['project-submission-versions', 'project-submission-decisions'] },
  permissions: {
    // Spec §6 "Project permissions: read; manage own; change person in charge": `update` is the
    // managing (edits and the workflow's moves), `changeManager` the person in charge.
    projects: ['create', 'read', 'update', 'changeManager'],
    // Spec §6 vendors "project contractor": the vendor keeps its projects' contractors and invites their primary contacts.
    'project-contractors': ['create', 'read', 'update', 'delete', 'invite'],
    // Spec §4 folders: filing and removing documents in a project's folders (own: its vendor, the staff in charge) and deciding on a folder (own: the staff in charge).
    'project-documents': ['create', 'delete', 'approve'],
    // Issue 12 item 9 (feature VENDOR_PERFORMANCE): read the ratings and standings; rate (and answer rating tasks).
    'vendor-ratings': ['create', 'read']
  },
  // Spec §6 vendor toggle Projects: its company's projects, their contractors and documents.
  vendorToggles: {
    Projects: { projects: ['read', 'update'], 'project-contractors': ['create', 'read', 'update', 'delete', 'invite'], 'project-documents': ['create', 'delete'], files: ['create', 'read'] }
  },
  exportable: { ...projectsExportColumns, ...vendorRatingsExportColumns },
  // The quick find (Ctrl+K): by PO or contract number, type, location, title or vendor name, through
  // the projects service's own `$search` (services/projects/project-search.ts) and read rules.
  searchable: { projects: { fields: ['number', 'type', 'projectLocation', 'title', 'vendorName'], title: 'number', detail: 'vendorName', param: '$search' } }
} as const satisfies SharedModuleManifest
