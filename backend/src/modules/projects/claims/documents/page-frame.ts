import type { Content, CustomTableLayout, Margins, StyleDictionary, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import { fill } from './labels.js'

/*
 * The page frame of the claim's frozen documents (the claim document, the certificate): A4, the
 * title in the header, a footer naming the record with "page n of m", the house styles and the
 * ruled table layout. Deterministic like what it frames: the PDF's CreationDate is the record's
 * own instant and the producer names are fixed, so the same record gives the same bytes.
 */

/** Ruled tables: thin grey lines, `vertical` and `horizontal` points of padding in each cell. */
export const ruledTable = (vertical: number, horizontal: number): CustomTableLayout => ({
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => '#b0b8c4',
  vLineColor: () => '#b0b8c4',
  paddingTop: () => vertical,
  paddingBottom: () => vertical,
  paddingLeft: () => horizontal,
  paddingRight: () => horizontal
})

export interface PageFrame {
  orientation?: 'landscape'
  /** Left and right margin, and the top and bottom ones of the page's body. */
  side: number
  top: number
  bottom: number
  /** The header's content, made anew for each page (pdfmake writes its layout into the nodes), and how far down the page it starts. */
  header: () => Content
  headerTop: number
  /** The PDF's title, and its CreationDate (the record's instant: never a clock). */
  title: string
  createdAt: string
  /** The footer's text naming the record, and the "page {{page}} of {{pages}}" label. */
  footer: string
  pageLabel: string
  content: Content[]
  /** Styles of the document's own, beside (or replacing) the frame's. */
  styles: StyleDictionary
}

/** The pdfmake definition of a document in the frame. */
export function framedDocument(frame: PageFrame): TDocumentDefinitions {
  const { side } = frame
  return {
    pageSize: 'A4',
    ...(frame.orientation ? { pageOrientation: frame.orientation } : {}),
    pageMargins: [side, frame.top, side, frame.bottom],
    info: { title: frame.title, creationDate: new Date(frame.createdAt), producer: 'portal', creator: 'portal' } as any,
    header: () => ({ margin: [side, frame.headerTop, side, 0] as Margins, ...(frame.header() as object) }) as Content,
    footer: (page: number, pages: number) => ({
      margin: [side, 12, side, 0],
      columns: [
        { text: frame.footer, style: 'footer' },
        { text: fill(frame.pageLabel, { page, pages }), style: 'footer', alignment: 'right', width: 'auto' }
      ]
    }),
    content: frame.content,
    styles: {
      title: { fontSize: 15, bold: true, color: '#1f3b63' },
      label: { bold: true, color: '#444444' },
      note: { color: '#666666', fontSize: 8 },
      footer: { fontSize: 7, color: '#888888' },
      ...frame.styles
    }
  }
}
