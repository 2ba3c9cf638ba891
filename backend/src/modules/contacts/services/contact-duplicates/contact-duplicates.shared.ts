// Browser-safe: the duplicate candidates a contact form shows before saving.
export const contactDuplicatesPath = 'ccdcontact-duplicates'
export const contactDuplicatesMethods = ['find'] as const
