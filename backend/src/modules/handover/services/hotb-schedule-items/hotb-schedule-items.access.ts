import { hotbLineAccess } from '../hotb/hotb-lines.js'

/** Who reads and writes a record's condition schedule lines: as the record (hotb-lines.ts), on the line's copy of its record's columns. */
export const hotbScheduleItemsAccess = hotbLineAccess('hotb-schedule-items', 'hotb_schedule_items')
