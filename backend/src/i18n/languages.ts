/** The languages of the portal: every catalogue, mail and document comes in each. */
export const languages = ['en-US', 'zh-CN'] as const
export type Language = (typeof languages)[number]

/** The language of an Accept-Language header or a profile's setting: Chinese when it asks for it, else English. */
export function pickLanguage(header?: string | null): Language {
  if (header && /^zh/i.test(header.trim())) return 'zh-CN'
  return 'en-US'
}

/** A catalogue's shape with every text a string: the zh-CN file is typed by the en-US one, so a missing text fails the type check. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> }
