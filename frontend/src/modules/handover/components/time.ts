import dayjs, { type Dayjs } from "dayjs";
import { session } from "../../../providers/session";
import { wallClock, zoneOffsetMinutes } from "../../../../../backend/src/format/format.shared";

/** The current region's clock (UTC when it names none). */
const regionZone = () => {
  const { region, regions } = session.get();
  return regions.find((candidate) => candidate.code === region)?.timeZone || "UTC";
};

/** The instant a day and a time of day on the region's clock stand for (an appointment typed in the region's time), ISO. */
export function regionInstant(day: Dayjs, time: Dayjs): string {
  const wall = Date.UTC(day.year(), day.month(), day.date(), time.hour(), time.minute());
  const zone = regionZone();
  // The zone's offset at the instant itself: a second pass settles the hour around a clock change.
  let at = wall - zoneOffsetMinutes(new Date(wall), zone) * 60_000;
  at = wall - zoneOffsetMinutes(new Date(at), zone) * 60_000;
  return new Date(at).toISOString();
}

/** A stored instant as the pickers' day and time on the region's clock (what `formatDateTime` shows). */
export function regionPickers(value: unknown): { day?: Dayjs; time?: Dayjs } {
  if (!value) return {};
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return {};
  const wall = wallClock(date, regionZone());
  const local = dayjs(new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes()));
  return { day: local.startOf("day"), time: local };
}
