import fs from 'node:fs'
import path from 'node:path'
import { fileTypeFromFile } from 'file-type'
import type { Knex } from 'knex'
import { appError } from '../errors.js'
import { getSetting } from '../settings-values.js'
import { expandTypes, normalizeExt, placeOfResource, type UploadLimits, type UploadRule } from '../services/upload-limits/upload-limits.shared.js'
import { uploadPlaces } from '../services/upload-limits/upload-places.shared.js'

/** An uploaded file as koa-body (formidable) leaves it in a temporary file. */
export interface UploadedFile {
  filepath: string
  originalFilename?: string | null
  mimetype?: string | null
  size?: number
}

export type { UploadLimits }

/** A file that passed the checks: its clean name and the type its content proved. */
export interface CheckedFile {
  filepath: string
  name: string
  size: number
  ext: string
  mimeType: string
}

/**
 * The region's limits (settings `upload.maxSizeMb`, `upload.maxCount`, `upload.types`), or those
 * of the place the files go to (a place, or the `ownerResource` stamped on them) where the
 * region's `upload.places` gives that place a rule of its own; MIME families spelt out.
 */
export async function uploadLimits(db: Knex, region: string | undefined, placeOrResource?: string | null): Promise<UploadLimits> {
  const [maxSizeMb, maxCount, types, places] = await Promise.all([
    getSetting(db, region, 'upload.maxSizeMb'),
    getSetting(db, region, 'upload.maxCount'),
    getSetting(db, region, 'upload.types'),
    getSetting(db, region, 'upload.places')
  ])
  const place = placeOfResource(uploadPlaces(), placeOrResource)
  const own: UploadRule = (place && (places as Record<string, UploadRule>)[place]) || {}
  return { maxSizeMb: Number(own.maxSizeMb ?? maxSizeMb), maxCount: Number(own.maxCount ?? maxCount), types: expandTypes(own.types ?? (types as readonly string[])) }
}

/** Plain-text types have no signature: allowed only when listed and the content is text. */
const textTypes: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' }

/**
 * The type a file's content proves, by its leading bytes: file-type for the common formats,
 * DWG by its version magic (`AC10xx`, AutoCAD R13 and later), which file-type does not know.
 */
export async function detectType(filepath: string): Promise<{ ext: string; mime: string } | undefined> {
  const head = await readHead(filepath, 8192)
  if (/^AC10\d\d/.test(head.subarray(0, 6).toString('latin1'))) return { ext: 'dwg', mime: 'image/vnd.dwg' }
  const detected = await fileTypeFromFile(filepath)
  if (detected) return { ext: normalizeExt(detected.ext), mime: detected.mime }
  if (head.length > 0 && !head.includes(0)) return { ext: 'text', mime: 'text/plain' }
  return undefined
}

async function readHead(filepath: string, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(filepath, 'r')
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** The name as the user sees it: no folders, no control characters, at most 255 characters. */
export function cleanFileName(raw: string | null | undefined): string {
  const base = String(raw ?? '')
    .split(/[\\/]/)
    .pop()!
    // Control characters are exactly what this strips.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
  const name = base || 'file'
  if (name.length <= 255) return name
  const ext = path.extname(name).slice(0, 20)
  return name.slice(0, 255 - ext.length) + ext
}

/**
 * Checks a batch of uploads against the region's limits: how many, how large, and what they
 * really are. The type comes from the content, and the name's extension must agree with it, so a
 * renamed executable or a zip called .pdf is refused whatever the browser claimed.
 */
export async function checkUpload(files: readonly UploadedFile[], limits: UploadLimits): Promise<CheckedFile[]> {
  if (files.length === 0) throw appError(400, 'FILE_MISSING')
  if (files.length > limits.maxCount) throw appError(400, 'FILE_COUNT', { max: limits.maxCount })
  const allowed = limits.types.map(normalizeExt)
  const maxBytes = limits.maxSizeMb * 1024 * 1024
  const checked: CheckedFile[] = []
  for (const file of files) {
    const name = cleanFileName(file.originalFilename)
    const { size } = await fs.promises.stat(file.filepath)
    // 413 like the parser's own limit (request-body.ts), whichever of the two sees it first.
    if (size > maxBytes) throw appError(413, 'FILE_TOO_LARGE', { name, max: limits.maxSizeMb })
    if (size === 0) throw appError(400, 'FILE_EMPTY', { name })
    const nameExt = normalizeExt(path.extname(name))
    const detected = await detectType(file.filepath)
    const typeError = () => appError(400, 'FILE_TYPE', { name, types: allowed.join(', ') })
    if (!detected) throw typeError()
    if (detected.ext === 'text') {
      if (!textTypes[nameExt] || !allowed.includes(nameExt)) throw typeError()
      checked.push({ filepath: file.filepath, name, size, ext: nameExt, mimeType: textTypes[nameExt] })
      continue
    }
    if (!allowed.includes(detected.ext) || detected.ext !== nameExt) throw typeError()
    checked.push({ filepath: file.filepath, name, size, ext: detected.ext, mimeType: detected.mime })
  }
  return checked
}
