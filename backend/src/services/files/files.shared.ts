// Browser-safe: paths and methods of the files service, and where a file's content is downloaded.
export const filesPath = 'files'
export const filesMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

export const fileContentPath = 'files/:id/content'
export const fileContentMethods = ['find'] as const

/** The download address of a file, below the API root (`/v1/` or `/{region}/v1/`). */
export const fileContentUrl = (id: number | string) => `files/${encodeURIComponent(String(id))}/content`

/** The multipart field the upload form sends its files in (any field name is accepted). */
export const fileUploadField = 'files'
