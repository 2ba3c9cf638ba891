// Browser-safe: where a claim version's document (issue 12 item 8) is downloaded. The platform's
// documents service serves it (`GET documents/projectSubmission/<submission id>?version=<n>`).

export const claimDocumentType = 'projectSubmission'

/** The download address below the API root of version `version` of a claim. */
export const claimDocumentUrl = (submissionId: string, version: number) => `documents/${claimDocumentType}/${encodeURIComponent(submissionId)}?version=${version}`

/** The version asked for: a whole number from 1 to the claim's latest; the latest when none is named; null for anything else. */
export function claimDocumentVersion(asked: unknown, latest: number): number | null {
  if (!Number.isSafeInteger(latest) || latest < 1) return null
  if (asked === undefined || asked === null || asked === '') return latest
  const text = String(asked)
  if (!/^[1-9]\d{0,8}$/.test(text)) return null
  const version = Number(text)
  return version <= latest ? version : null
}
