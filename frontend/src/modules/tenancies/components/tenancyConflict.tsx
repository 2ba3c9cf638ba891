import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import type { Dayjs } from "dayjs";
import { ANYTIME, openingDays } from "../../../../../backend/src/modules/tenancies/services/tenancies/tenancies.shared";
import { RecordName } from "../../../components/settings/RecordSelect";
import type { HoursForm } from "./hours";

type PremisesLine = { floor?: string; zone?: string | null; effectiveDate?: Dayjs | null; endDate?: Dayjs | null; detail?: string | null };

const day = (value: Dayjs | null | undefined) => (value ? value.format("YYYY-MM-DD") : "");

/** How the tenancy form's fields read in a stale save's conflict view: as the record screen shows them. */
export function tenancyConflictDisplay(t: TFunction): Record<string, (value: unknown) => ReactNode> {
  return {
    type: (value) => (value ? t(`types.${String(value)}`) : ""),
    buildingId: (value) => (value ? <RecordName resource="buildings" id={value as number} /> : ""),
    siteId: (value) => (value ? <RecordName resource="sites" id={value as number} /> : ""),
    premises: (value) =>
      ((value as PremisesLine[] | undefined) ?? []).length
        ? (value as PremisesLine[])
            .map((line) =>
              [line.floor, line.zone, `${day(line.effectiveDate)} – ${line.endDate ? day(line.endDate) : t("premises.openEnded")}`, line.detail]
                .filter(Boolean)
                .join(" · "),
            )
            .join("\n")
        : t("premises.none"),
    hours: (value) =>
      openingDays
        .map((name) => {
          const hours = (value as HoursForm | undefined)?.[name];
          const text = !hours?.start ? t("hours.closed") : hours.start === ANYTIME ? t("hours.anytime") : `${hours.start} – ${hours.end ?? ""}`;
          return `${t(`days.${name}`)}: ${text}`;
        })
        .join("\n"),
  };
}
