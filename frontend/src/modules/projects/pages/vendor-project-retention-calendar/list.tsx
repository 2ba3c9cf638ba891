import { RetentionCalendar } from "../../components/RetentionCalendar";

/** A vendor: the retention its projects hold, by the month it falls due (/vendors/projects/retention-calendar). */
export function VendorProjectRetentionCalendarList() {
  return <RetentionCalendar staff={false} />;
}
