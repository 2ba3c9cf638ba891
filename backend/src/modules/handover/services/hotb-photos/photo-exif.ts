import type { Readable } from 'node:stream'
import exifr from 'exifr'
import { zoneOffsetMinutes } from '../../../../format/format.shared.js'

/** The head of a picture its EXIF block lives in (JPEG APP1 comes first; HEIC keeps it near the start too). */
const EXIF_HEAD_BYTES = 1024 * 1024

/** The first `limit` bytes of a stream (the rest is never read). */
export async function headOf(stream: Readable, limit = EXIF_HEAD_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = []
  let length = 0
  try {
    for await (const chunk of stream) {
      chunks.push(Buffer.from(chunk))
      length += chunk.length
      if (length >= limit) break
    }
  } finally {
    stream.destroy()
  }
  return Buffer.concat(chunks).subarray(0, limit)
}

const EXIF_TIME = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/
const EXIF_OFFSET = /^([+-])(\d{2}):(\d{2})$/

/**
 * When the picture was taken (EXIF DateTimeOriginal), or null when it does not say or cannot be
 * read. EXIF writes the camera's wall clock without a zone: its own offset (OffsetTimeOriginal)
 * when the camera recorded one, else the region's time zone (the premises are there).
 */
export async function capturedAtOf(head: Buffer, timeZone?: string | null): Promise<Date | null> {
  let tags: Record<string, unknown> | undefined
  try {
    tags = await exifr.parse(head, { pick: ['DateTimeOriginal', 'OffsetTimeOriginal'], reviveValues: false })
  } catch {
    return null
  }
  const taken = EXIF_TIME.exec(String(tags?.DateTimeOriginal ?? '').trim())
  if (!taken) return null
  const [year, month, day, hour, minute, second] = taken.slice(1).map(Number)
  const wall = Date.UTC(year, month - 1, day, hour, minute, second)
  if (Number.isNaN(wall) || month < 1 || month > 12 || day < 1 || day > 31) return null
  const offset = EXIF_OFFSET.exec(String(tags?.OffsetTimeOriginal ?? '').trim())
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : zoneOffsetMinutes(new Date(wall), timeZone)
  return new Date(wall - minutes * 60_000)
}
