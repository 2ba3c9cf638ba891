import { createRequire } from 'node:module'
import path from 'node:path'
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js'

/*
 * PDF rendering (pdfmake 0.2 on pdfkit). One font for every language: Noto Sans SC (Noto Sans
 * Hans, OFL) from the npm package @embedpdf/fonts-sc, an OpenType file pdfkit reads and subsets,
 * so Chinese and Latin text render on any machine without system fonts.
 */

const require = createRequire(import.meta.url)

/** The family name documents use; the PDF embeds it as `NotoSansHans-Regular` / `-Bold`. */
export const PDF_FONT = 'NotoSansSC'
export const PDF_FONT_NAMES = ['NotoSansHans-Regular', 'NotoSansHans-Bold'] as const

let printer: any

function fontFolder() {
  // The package exports only its index: its fonts folder sits beside dist/.
  return path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts')
}

function getPrinter() {
  if (!printer) {
    const PdfPrinter = require('pdfmake')
    const dir = fontFolder()
    const regular = path.join(dir, 'NotoSansHans-Regular.otf')
    const bold = path.join(dir, 'NotoSansHans-Bold.otf')
    printer = new PdfPrinter({ [PDF_FONT]: { normal: regular, bold, italics: regular, bolditalics: bold } })
  }
  return printer
}

/** Renders a pdfmake document definition to the PDF's bytes. */
export function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    try {
      const doc = getPrinter().createPdfKitDocument({
        ...definition,
        defaultStyle: { font: PDF_FONT, fontSize: 9, ...(definition.defaultStyle ?? {}) }
      })
      const chunks: Buffer[] = []
      doc.on('data', (chunk: Buffer) => chunks.push(chunk))
      doc.on('end', () => resolve(Buffer.concat(chunks)))
      doc.on('error', reject)
      doc.end()
    } catch (error) {
      reject(error)
    }
  })
}
