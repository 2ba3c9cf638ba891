import { Tag } from "antd";
import { useTranslation } from "react-i18next";

/** Colour by meaning, shared by every workflow so the same kind of state looks the same everywhere. */
const COLORS: Record<string, string> = {
  DRAFT: "default",
  CART: "default",
  NEW: "default",
  INVITED: "processing",
  SUBMITTED: "processing",
  WAPPR: "processing",
  OPEN: "processing",
  ISSUED: "processing",
  SCHEDULED: "processing",
  SENDING: "processing",
  PENDING: "processing",
  IN_PROGRESS: "processing",
  INPROGRESS: "processing",
  REVIEW: "processing",
  APPR: "success",
  APPROVED: "success",
  ACTIVE: "success",
  ENABLED: "success",
  COMPLETED: "success",
  PUBLISHED: "success",
  SENT: "success",
  AWARDED: "success",
  LOCKED: "warning",
  SUSPENDED: "warning",
  EXPIRED: "warning",
  INACTIVE: "default",
  DISABLED: "default",
  REJECTED: "error",
  CANCELLED: "error",
  FAILED: "error",
  DECLINED: "error",
  REMOVED: "error",
};

export interface StatusTagProps {
  /** Upper-case state (`APPR`) or a boolean flag (true → ENABLED, false → DISABLED). */
  status: string | boolean | null | undefined;
  /** i18n namespace to look in first (`<resource>.status.<STATE>`), then common `status.<STATE>`. */
  resource?: string;
  /** Overrides the colour for states not in the shared table. */
  color?: string;
}

export function StatusTag({ status, resource, color }: StatusTagProps) {
  const { t } = useTranslation(resource ? [resource, "common"] : ["common"]);
  if (status === null || status === undefined || status === "") return null;
  const state = typeof status === "boolean" ? (status ? "ENABLED" : "DISABLED") : status.toUpperCase();
  const common = t(`status.${state}`, { ns: "common", defaultValue: state });
  const label = resource ? t(`status.${state}`, { ns: resource, defaultValue: common }) : common;
  return <Tag color={color ?? COLORS[state] ?? "default"}>{label}</Tag>;
}
