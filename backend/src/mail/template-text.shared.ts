// Browser-safe: the check of a mail template's text an administrator writes (issue 27 item 19).

/** Why a template text is refused, as the server's codes; undefined when it may be saved. */
export type TemplateTextProblem = { code: 'MAIL_TEMPLATE_UNBALANCED'; near: string } | { code: 'MAIL_TEMPLATE_UNKNOWN_FIELD'; field: string }

/**
 * A field as a placeholder names it: a name, or a path (`result.en-US`). Nothing else is a
 * placeholder: i18next's `{{- raw}}` (unescaped) and `{{value, format}}` forms are refused, so a
 * value is always filled in HTML-escaped.
 */
const FIELD = /^[A-Za-z][\w-]*(?:\.[\w-]+)*$/

/** The fields a text uses, in order of appearance (each once). */
export function fieldsUsed(text: string): string[] {
  const used: string[] = []
  for (const match of text.matchAll(/\{\{([^{}]*)\}\}/g)) {
    const field = match[1].trim()
    if (!used.includes(field)) used.push(field)
  }
  return used
}

/**
 * Every `{{` closed by a `}}` around one field name, no `}}` without its `{{`, and only the
 * template's own fields: the first problem found, or undefined.
 */
export function templateTextProblem(text: string, fields: readonly string[]): TemplateTextProblem | undefined {
  let at = 0
  for (;;) {
    const open = text.indexOf('{{', at)
    const strayClose = text.indexOf('}}', at)
    if (strayClose !== -1 && (open === -1 || strayClose < open)) return { code: 'MAIL_TEMPLATE_UNBALANCED', near: around(text, strayClose) }
    if (open === -1) return undefined
    const close = text.indexOf('}}', open + 2)
    const inner = close === -1 ? undefined : text.slice(open + 2, close)
    if (inner === undefined || inner.includes('{') || inner.includes('}') || !FIELD.test(inner.trim())) return { code: 'MAIL_TEMPLATE_UNBALANCED', near: around(text, open) }
    const field = inner.trim()
    if (!fields.includes(field)) return { code: 'MAIL_TEMPLATE_UNKNOWN_FIELD', field }
    at = close + 2
  }
}

/** A few characters of the text from where the problem is, on one line. */
const around = (text: string, at: number) => text.slice(at, at + 24).replace(/\s+/g, ' ')
