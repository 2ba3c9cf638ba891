// Browser-safe: who may be a claim's inspector on a project (spec §8 GET projects/{id}/inspector).
export const projectInspectorsPath = 'project-inspectors'

/** A staff account the claims of the project may name as their inspector. */
export interface ProjectInspector {
  id: number
  username: string
  displayName: string
}
