import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { tenderStatusText, type TenderState } from "./rules";

const COLORS: Record<string, string> = {
  DRAFT: "default", WAPPR: "processing", APPR: "success", REJECTED: "error", ISSUED: "processing", READY: "warning",
  REVIEW: "processing", AWARDED: "success", REGRETTED: "default", DECLINED: "error", CANCELLED: "error",
};

/** The tender's status as tenderStatusText says it (A-<status> for an addendum), translated. */
export function TenderStatus({ status, version }: { status: string; version?: number }) {
  const { t } = useTranslation("tenders");
  const text = tenderStatusText(status as TenderState, Number(version ?? 0));
  return <Tag color={COLORS[status] ?? "default"} data-testid="tender-status">{t(`status.${text}`, { defaultValue: text })}</Tag>;
}
