// Browser-safe: the tender PDFs of spec §7 and where they are downloaded (the platform's
// documents service serves them: services/documents).

/** Document types: the record each one prints is named by the id in the address. */
export const documentTypes = ['tender-summary', 'tender-bid', 'tender-query'] as const
export type DocumentType = (typeof documentTypes)[number]

export const isDocumentType = (type: string): type is DocumentType => (documentTypes as readonly string[]).includes(type)

/** The download address below the API root: tender id, bid id or query id. */
export const documentUrl = (type: DocumentType, id: string | number) => `documents/${type}/${encodeURIComponent(String(id))}`

/**
 * Spec §7 file names: 'Tender Bid {prNumber}.pdf'; in Chinese the document's own title (a PDF
 * in Chinese named in English read as another document: issue 27 item 18).
 */
export const documentTitles: Record<'en-US' | 'zh-CN', Record<DocumentType, string>> = {
  'en-US': { 'tender-summary': 'Tender Summary', 'tender-bid': 'Tender Bid', 'tender-query': 'Tender Query' },
  'zh-CN': { 'tender-summary': '招标摘要', 'tender-bid': '投标书', 'tender-query': '招标询问' }
}
export const documentFileName = (type: DocumentType, prNumber: string, language: keyof typeof documentTitles = 'en-US') => `${documentTitles[language][type]} ${prNumber}.pdf`
