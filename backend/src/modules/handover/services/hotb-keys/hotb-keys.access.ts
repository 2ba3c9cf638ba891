import { hotbLineAccess } from '../hotb/hotb-lines.js'

/** Who reads and writes a record's key lines: as the record (hotb-lines.ts), on the line's copy of its record's columns. */
export const hotbKeysAccess = hotbLineAccess('hotb-keys', 'hotb_keys')
