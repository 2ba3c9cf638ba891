import { hotbLineAccess } from '../hotb/hotb-lines.js'

/** Who sees and takes a record's photos: as the record (hotb-lines.ts), on the photo's copy of its record's columns. */
export const hotbPhotosAccess = hotbLineAccess('hotb-photos', 'hotb_photos')
