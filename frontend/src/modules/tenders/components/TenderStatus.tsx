import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { tenderScreenStatus, tenderStatusText, type TenderState } from "./rules";

const COLORS: Record<string, string> = {
  DRAFT: "default",
  WAPPR: "processing",
  APPR: "success",
  REJECTED: "error",
  ISSUED: "processing",
  READY: "warning",
  REVIEW: "processing",
  AWARDED: "success",
  REGRETTED: "default",
  DECLINED: "error",
  CANCELLED: "error",
};

/**
 * The tender's status as tenderStatusText says it (A-<status> for an addendum), translated; a
 * pending addendum's status wins over ISSUED (tenderScreenStatus).
 */
export function TenderStatus({ status, version, addendumStatus }: { status: string; version?: number; addendumStatus?: string | null }) {
  const { t } = useTranslation("tenders");
  const shown = tenderScreenStatus({ status: status as TenderState, addendumStatus: (addendumStatus ?? null) as never });
  const text = tenderStatusText(shown, Number(version ?? 0));
  return (
    <Tag color={COLORS[shown] ?? "default"} data-testid="tender-status">
      {t(`status.${text}`, { defaultValue: text })}
    </Tag>
  );
}
