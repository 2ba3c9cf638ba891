// Browser-safe: where the certificate of a decided claim version is downloaded (the decision taken
// by staff after the version froze; the version's own PDF stays as submitted). The platform's
// documents service serves it: `GET documents/projectSubmissionCertificate/<submission id>?version=<n>`.

export const claimCertificateType = 'projectSubmissionCertificate'

/** The download address below the API root of the certificate of version `version` of a claim. */
export const claimCertificateUrl = (submissionId: string, version: number) => `documents/${claimCertificateType}/${encodeURIComponent(submissionId)}?version=${version}`
