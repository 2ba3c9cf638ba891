import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import type { EditLockState } from "./useEditLock";

/** Tells the user that another person is editing the record, and why saving is off. */
export function EditLockBanner({ lock }: { lock: EditLockState }) {
  const { t } = useTranslation("edit-locks");
  if (lock.status !== "taken") return null;
  return <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t("lockedBy", { name: lock.username })} />;
}
