import type { Language } from '../../../i18n/messages.js'
import enUS, { type TenderCatalogue } from '../locales/en-US.js'
import zhCN from '../locales/zh-CN.js'

/** Every text a tender document prints, in the reader's language: the `documents` part of the tenders catalogue. */
export type DocumentLabels = TenderCatalogue['documents']

const catalogues: Record<Language, TenderCatalogue> = { 'en-US': enUS, 'zh-CN': zhCN }

export function documentLabels(language: Language): DocumentLabels {
  return catalogues[language].documents
}

export function statusLabel(language: Language, status: string | null | undefined): string {
  if (!status) return ''
  return (catalogues[language].status as Record<string, string>)[status] ?? status
}

export function fill(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => String(vars[name] ?? ''))
}
