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
  const types = limits.types.map(normalizeExt)
  const maxBytes = limits.maxSizeMb * 1024 * 1024
  for (const file of files) {
    if (file.size > maxBytes) return { code: 'FILE_TOO_LARGE', name: file.name, max: limits.maxSizeMb }
    if (file.size === 0) return { code: 'FILE_EMPTY', name: file.name }
    if (!types.includes(extOf(file.name))) return { code: 'FILE_TYPE', name: file.name, types: types.join(', ') }
  }
  return undefined
}
