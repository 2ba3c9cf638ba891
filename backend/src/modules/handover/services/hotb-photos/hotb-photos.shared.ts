// Browser-safe: the photos of a record's condition schedule items (spec hotb §3 "photo records", issue 31 §4).

export const hotbPhotosPath = 'hotb-photos'
export const hotbPhotosMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

/** `GET hotb-photos/:id/content`: the picture itself, for whoever reads the photo. */
export const hotbPhotoContentPath = 'hotb-photos/:id/content'
export const hotbPhotoContentUrl = (id: number | string) => `hotb-photos/${id}/content`

/** What a file uploaded for an item must be to become its photo: an image (its type as the upload proved it). */
export const hotbPhotoTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const

/** The owner a photo's file is uploaded for (`files.ownerResource`, with the item's id as `ownerId`). */
export const hotbPhotoOwner = 'hotb-schedule-items'

export const hotbPhotoLimits = { caption: 500 } as const
