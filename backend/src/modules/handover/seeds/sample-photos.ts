import { deflateSync } from 'node:zlib'

/*
 * Small real pictures made in code, for the demo, the tests and the browser specs (no binary files
 * in the repository): a baseline JPEG of 8×8 blocks of colour, each block one shade of a
 * diagonal gradient between two colours, optionally with an EXIF DateTimeOriginal; and a PNG of
 * the same gradient. Each is a few hundred bytes to a few KB and decodes in every viewer.
 */

type Rgb = readonly [number, number, number]

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)))
const shade = (from: Rgb, to: Rgb, t: number): Rgb => [0, 1, 2].map((i) => clamp(from[i] + (to[i] - from[i]) * t)) as unknown as Rgb

/** JPEG Annex K's luminance DC table (categories 0 to 11) and an AC table that only ends blocks. */
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
const AC_BITS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
const AC_VALUES = [0]

/** The canonical Huffman codes of a table, by symbol: [code, length]. */
function huffmanCodes(bits: number[], values: number[]): Map<number, [number, number]> {
  const codes = new Map<number, [number, number]>()
  let code = 0
  let k = 0
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < bits[length - 1]; i++) codes.set(values[k++], [code++, length])
    code <<= 1
  }
  return codes
}

class BitWriter {
  private bytes: number[] = []
  private current = 0
  private count = 0
  write(value: number, length: number) {
    for (let i = length - 1; i >= 0; i--) {
      this.current = (this.current << 1) | ((value >> i) & 1)
      if (++this.count === 8) this.flushByte()
    }
  }
  private flushByte() {
    this.bytes.push(this.current)
    // A 0xFF in the scan is followed by a stuffed zero byte.
    if (this.current === 0xff) this.bytes.push(0)
    this.current = 0
    this.count = 0
  }
  end(): Buffer {
    while (this.count !== 0) this.write(1, 1)
    return Buffer.from(this.bytes)
  }
}

const segment = (marker: number, body: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body])

/** An EXIF APP1 body with DateTimeOriginal ("YYYY:MM:DD HH:MM:SS"), little-endian TIFF. */
function exifBody(dateTimeOriginal: string): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4 + 2 + 12 + 4 + 20)
  tiff.write('II', 0, 'latin1')
  tiff.writeUInt16LE(42, 2)
  tiff.writeUInt32LE(8, 4)
  // IFD0: one entry, the Exif IFD's pointer.
  tiff.writeUInt16LE(1, 8)
  tiff.writeUInt16LE(0x8769, 10)
  tiff.writeUInt16LE(4, 12)
  tiff.writeUInt32LE(1, 14)
  tiff.writeUInt32LE(26, 18)
  tiff.writeUInt32LE(0, 22)
  // Exif IFD: DateTimeOriginal, ASCII, 20 bytes, stored after the IFD.
  tiff.writeUInt16LE(1, 26)
  tiff.writeUInt16LE(0x9003, 28)
  tiff.writeUInt16LE(2, 30)
  tiff.writeUInt32LE(20, 32)
  tiff.writeUInt32LE(44, 36)
  tiff.writeUInt32LE(0, 40)
  tiff.write(`${dateTimeOriginal}\0`, 44, 'latin1')
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
}

export interface SamplePicture {
  /** Width and height in pixels (multiples of 8 for the JPEG). */
  width?: number
  height?: number
  from?: Rgb
  to?: Rgb
}

/** A baseline JPEG of the gradient; with `takenAt` ("2026:12:01 10:15:00") an EXIF DateTimeOriginal. */
export function sampleJpeg({ width = 96, height = 64, from = [90, 130, 190], to = [225, 210, 170] }: SamplePicture = {}, takenAt?: string): Buffer {
  const blocksX = Math.ceil(width / 8)
  const blocksY = Math.ceil(height / 8)
  const dc = huffmanCodes(DC_BITS, DC_VALUES)
  const eob = huffmanCodes(AC_BITS, AC_VALUES).get(0)!
  const bits = new BitWriter()
  const previous = [0, 0, 0]
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++) {
      const [r, g, b] = shade(from, to, (bx + by) / Math.max(1, blocksX + blocksY - 2))
      const ycc = [0.299 * r + 0.587 * g + 0.114 * b, 128 - 0.168736 * r - 0.331264 * g + 0.5 * b, 128 + 0.5 * r - 0.418688 * g - 0.081312 * b]
      ycc.forEach((value, component) => {
        // A flat block's DCT is its DC term alone: 8 × (level − 128), quantised by 1.
        const coefficient = Math.round(8 * (value - 128))
        const diff = coefficient - previous[component]
        previous[component] = coefficient
        const magnitude = Math.abs(diff)
        const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1
        const [code, length] = dc.get(category)!
        bits.write(code, length)
        if (category) bits.write(diff > 0 ? diff : diff + (1 << category) - 1, category)
        bits.write(eob[0], eob[1])
      })
    }
  }
  const quantisation = Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)])
  const frame = Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0])
  const tables = Buffer.concat([Buffer.from([0x00]), Buffer.from(DC_BITS), Buffer.from(DC_VALUES), Buffer.from([0x10]), Buffer.from(AC_BITS), Buffer.from(AC_VALUES)])
  const scan = Buffer.from([3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0])
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    takenAt ? segment(0xe1, exifBody(takenAt)) : segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    segment(0xdb, quantisation),
    segment(0xc0, frame),
    segment(0xc4, tables),
    segment(0xda, scan),
    bits.end(),
    Buffer.from([0xff, 0xd9])
  ])
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (data: Buffer) => {
  let c = 0xffffffff
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG of the gradient (no EXIF: its capture time is unknown). */
export function samplePng({ width = 96, height = 64, from = [120, 170, 120], to = [240, 230, 200] }: SamplePicture = {}): Buffer {
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x++) Buffer.from(shade(from, to, (x + y) / Math.max(1, width + height - 2))).copy(row, 1 + x * 3)
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))])
}
