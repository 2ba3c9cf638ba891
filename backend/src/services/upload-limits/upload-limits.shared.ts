// Browser-safe: the region's upload limits and the check a browser makes before sending a byte.
export const uploadLimitsPath = 'upload-limits'
export const uploadLimitsMethods = ['find'] as const

/** The region's upload settings (`upload.maxSizeMb`, `upload.maxCount`, `upload.types`), as every signed-in user may read them. */
export interface UploadLimits {
  maxSizeMb: number
  maxCount: number
  /** File types by extension, lower case, without the dot: pdf, docx, xlsx, jpg, png, dwg, zip... */
  types: readonly string[]
}

const aliases: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tif: 'tiff', htm: 'html' }

/**
 * A MIME family a rule may name instead of listing extensions (`image/*`): the extensions the
 * server can prove by content (storage/check-upload.ts) that belong to it.
 */
export const typeFamilies: Readonly<Record<string, readonly string[]>> = {
  'image/*': ['jpg', 'png', 'gif', 'tiff', 'bmp', 'webp', 'heic'],
  'video/*': ['mp4', 'mov', 'avi', 'webm'],
  'audio/*': ['mp3', 'wav', 'm4a'],
  'text/*': ['txt', 'csv']
}

/** Extensions offered by the file rules form (any other well-formed extension may be typed). */
export const commonUploadTypes = ['pdf', 'docx', 'doc', 'xlsx', 'xls', 'pptx', 'csv', 'txt', 'jpg', 'png', 'gif', 'tiff', 'dwg', 'zip'] as const

/** A rule's types with its families spelt out: the extensions a file may have. */
export const expandTypes = (types: readonly string[]) => [...new Set(types.flatMap((type) => typeFamilies[type.toLowerCase()] ?? [normalizeExt(type)]))]

/** The bounds of a file rule: a request body takes at most 200 MB (request-body.ts). */
export const UPLOAD_RULE_BOUNDS = { maxSizeMb: 200, maxCount: 100, types: 50 } as const

/** What one upload place may change of the region's rule (`upload.places` holds one per place); a field left out is the region's. */
export interface UploadRule {
  maxSizeMb?: number
  maxCount?: number
  types?: string[]
}

/** The places an upload goes to, by place: the `ownerResource` of the files stored there. Each module names its own (manifest `uploadPlaces`). */
export type UploadPlaces = Readonly<Record<string, readonly string[]>>

/** The place of a file's `ownerResource` among the places, or undefined (the region's rule alone). */
export const placeOfResource = (places: UploadPlaces, ownerResource: string | null | undefined) =>
  ownerResource ? (Object.entries(places).find(([place, resources]) => place === ownerResource || resources.includes(ownerResource))?.[0] ?? undefined) : undefined

/** Why a value of a rule field is refused (positive whole numbers within the bounds, types named sanely), or undefined. */
export type UploadRuleProblem = { field: 'maxSizeMb' | 'maxCount'; max: number } | { field: 'types'; max: number; type?: string }

export function uploadRuleProblem(field: 'maxSizeMb' | 'maxCount' | 'types', value: unknown): UploadRuleProblem | undefined {
  if (field === 'types') {
    const max = UPLOAD_RULE_BOUNDS.types
    if (!Array.isArray(value) || value.length === 0 || value.length > max) return { field, max }
    const wrong = value.find((type) => typeof type !== 'string' || !(/^\.?[a-z0-9]{1,10}$/i.test(type) || type.toLowerCase() in typeFamilies))
    return wrong === undefined ? undefined : { field, max, type: String(wrong) }
  }
  const max = UPLOAD_RULE_BOUNDS[field]
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max ? undefined : { field, max }
}

/** The problem of a whole `upload.places` value (an object of place rules over known places), or undefined. */
export function uploadPlacesProblem(value: unknown, places: UploadPlaces): (UploadRuleProblem & { place?: string }) | { field: 'place'; place: string } | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { field: 'place', place: '' }
  for (const [place, rule] of Object.entries(value as Record<string, unknown>)) {
    if (!(place in places) || rule === null || typeof rule !== 'object' || Array.isArray(rule)) return { field: 'place', place }
    for (const [field, fieldValue] of Object.entries(rule as Record<string, unknown>)) {
      if (field !== 'maxSizeMb' && field !== 'maxCount' && field !== 'types') return { field: 'place', place }
      const problem = uploadRuleProblem(field, fieldValue)
      if (problem) return { ...problem, place }
    }
  }
  return undefined
}

/** An extension as the settings name it: `.JPEG` is `jpg`. */
export const normalizeExt = (ext: string) => {
  const lower = ext.toLowerCase().replace(/^\./, '')
  return aliases[lower] ?? lower
}

/** The extension of a file name, as the settings name it ('' when it has none). */
export const extOf = (name: string) => {
  const base = name.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  return dot > 0 ? normalizeExt(base.slice(dot + 1)) : ''
}

/** The `accept` of a file input for the types: `.pdf,.docx,...` (`.jpg` also offers `.jpeg`). */
export const acceptOf = (types: readonly string[]) =>
  [...new Set(types.flatMap((type) => [normalizeExt(type), ...Object.keys(aliases).filter((alias) => aliases[alias] === normalizeExt(type))]))].map((type) => `.${type}`).join(',')

/** Why the chosen files would be refused, as the server's codes (FILE_COUNT, FILE_TOO_LARGE, FILE_TYPE, FILE_EMPTY) with their values; undefined when they may go. */
export type UploadRefusal =
  { code: 'FILE_COUNT'; max: number; count: number } | { code: 'FILE_TOO_LARGE'; name: string; max: number } | { code: 'FILE_TYPE'; name: string; types: string } | { code: 'FILE_EMPTY'; name: string }

/**
 * The checks the server makes on what a file claims to be (count, size, the name's type), in its
 * order, for the browser to make before sending: the server checks again, and checks the content.
 */
export function uploadRefusal(files: readonly { name: string; size: number }[], limits: UploadLimits): UploadRefusal | undefined {
  if (files.length > limits.maxCount) return { code: 'FILE_COUNT', max: limits.maxCount, count: files.length }
  const types = expandTypes(limits.types)
  const maxBytes = limits.maxSizeMb * 1024 * 1024
  for (const file of files) {
    if (file.size > maxBytes) return { code: 'FILE_TOO_LARGE', name: file.name, max: limits.maxSizeMb }
    if (file.size === 0) return { code: 'FILE_EMPTY', name: file.name }
    if (!types.includes(extOf(file.name))) return { code: 'FILE_TYPE', name: file.name, types: types.join(', ') }
  }
  return undefined
}
