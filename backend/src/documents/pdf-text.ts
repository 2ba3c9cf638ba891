import { inflateSync } from 'node:zlib'

/*
 * The text of a PDF that pdfkit wrote, for tests: its fonts are Type0 with a ToUnicode CMap and
 * text is shown as hex glyph strings (`<0012> Tj`, `[<0012> 40 <0034>] TJ`). Not a general PDF
 * reader; enough to check what a generated document says without poppler.
 */

interface PdfObject {
  dict: string
  stream?: Buffer
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>()
  const source = pdf.toString('latin1')
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const body = match[2]
    const at = body.indexOf('stream')
    if (at < 0) {
      objects.set(Number(match[1]), { dict: body })
      continue
    }
    const dict = body.slice(0, at)
    let start = at + 'stream'.length
    if (body[start] === '\r') start++
    if (body[start] === '\n') start++
    const end = body.lastIndexOf('endstream')
    let raw = Buffer.from(body.slice(start, end), 'latin1')
    if (/\/FlateDecode/.test(dict)) {
      try {
        raw = inflateSync(raw)
      } catch {
        /* leave as is */
      }
    }
    objects.set(Number(match[1]), { dict, stream: raw })
  }
  return objects
}

function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>()
  const hex = (value: string) => parseInt(value, 16)
  const unicode = (value: string) => {
    let out = ''
    for (let i = 0; i + 4 <= value.length; i += 4) out += String.fromCharCode(hex(value.slice(i, i + 4)))
    return out
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, from, to] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(hex(from), unicode(to.replace(/\s/g, '')))
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, target] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const first = hex(from)
      const last = hex(to)
      if (target.startsWith('[')) {
        const list = [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((m) => unicode(m[1].replace(/\s/g, '')))
        for (let code = first; code <= last; code++) map.set(code, list[code - first] ?? '')
      } else {
        const base = target.slice(1, -1).replace(/\s/g, '')
        const start = hex(base.slice(-4))
        for (let code = first; code <= last; code++) map.set(code, unicode(base.slice(0, -4)) + String.fromCharCode(start + code - first))
      }
    }
  }
  return map
}

/** The PDF's text, page content streams in order; runs joined by spaces, lines by newlines. */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf)
  const cmaps = new Map<number, Map<number, string>>()
  for (const [id, object] of objects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(object.dict)
    const cmap = ref && objects.get(Number(ref[1]))?.stream
    if (cmap) cmaps.set(id, parseCMap(cmap.toString('latin1')))
  }
  // Font resource names (/F1 ...) to the font's ToUnicode map.
  const fonts = new Map<string, Map<number, string>>()
  for (const object of objects.values()) {
    for (const [, name, id] of object.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const map = cmaps.get(Number(id))
      if (map) fonts.set(name, map)
    }
  }
  const lines: string[] = []
  for (const object of objects.values()) {
    if (!object.stream || !/\bTf\b/.test(object.stream.toString('latin1'))) continue
    const content = object.stream.toString('latin1')
    let font: Map<number, string> | undefined
    let size = 9
    const tokens = /1 0 0 1 ([\d.-]+) ([\d.-]+) Tm|\/(F\d+)\s+([\d.]+)\s+Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g
    // Runs on one baseline make a line; a gap wider than a space between runs becomes a space.
    let line = ''
    let lineY: number | undefined
    let x = 0
    let y = 0
    let end = -Infinity
    const decode = (hex: string) => {
      let out = ''
      for (let i = 0; i + 4 <= hex.length; i += 4) out += font?.get(parseInt(hex.slice(i, i + 4), 16)) ?? ''
      return out
    }
    const show = (run: string) => {
      if (lineY !== undefined && Math.abs(y - lineY) > 0.5) {
        lines.push(line)
        line = ''
        end = -Infinity
      }
      if (line && x - end > size * 0.3 && !line.endsWith(' ')) line += ' '
      line += run
      lineY = y
      end = x + [...run].reduce((width, char) => width + (char.charCodeAt(0) > 0x2e7f ? size : size * 0.55), 0)
    }
    for (let match = tokens.exec(content); match; match = tokens.exec(content)) {
      if (match[1] !== undefined) {
        x = Number(match[1])
        y = Number(match[2])
      } else if (match[3]) {
        font = fonts.get(match[3])
        size = Number(match[4])
      } else if (match[5] !== undefined) show([...match[5].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => decode(m[1])).join(''))
      else if (match[6] !== undefined) show(decode(match[6]))
    }
    if (line) lines.push(line)
  }
  return lines.join('\n')
}
