/**
 * `Content-Disposition` for a download: always an attachment (never rendered inline, so an
 * uploaded HTML or SVG cannot run in our origin), the real name in UTF-8 (RFC 6266 / 5987) and
 * an ASCII stand-in for old clients.
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
