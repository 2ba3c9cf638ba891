import { RetentionCalendar } from "../../components/RetentionCalendar";

/** Staff: retention falling due on the projects they read, by month and vendor (/projects/retention-calendar). */
export function ProjectRetentionCalendarList() {
  return <RetentionCalendar staff />;
}
