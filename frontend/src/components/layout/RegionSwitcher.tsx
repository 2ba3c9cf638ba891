import { useState } from "react";
import { Select } from "antd";
import { EnvironmentOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useSession } from "../../providers/session";
import { regionLabel, selectableRegions, switchRegion } from "../../providers/regions";
import { notifyError } from "../../providers/notifications";

/**
 * Regions the user is authorised for and that are enabled. Switching reads the profile for the
 * new region (its rules replace the old ones), which also moves the socket and refetches lists.
 * `compact` (a phone's header) shows the chosen region by its code.
 */
export function RegionSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const regions = useSession((s) => s.regions);
  const current = useSession((s) => s.region);
  const [switching, setSwitching] = useState(false);
  const options = selectableRegions(user, regions).map((region) => ({ value: region.code, label: regionLabel(region) }));
  if (current && !options.some((option) => option.value === current)) options.unshift({ value: current, label: regionLabel({ code: current, name: current }) });

  const onChange = async (code: string) => {
    setSwitching(true);
    try {
      await switchRegion(code);
    } catch (error) {
      notifyError("profile.region", error);
    } finally {
      setSwitching(false);
    }
  };

  if (options.length === 0) return null;
  return (
    <Select
      aria-label={t("header.region")}
      value={current ?? undefined}
      onChange={onChange}
      loading={switching}
      disabled={switching || options.length < 2}
      variant="borderless"
      suffixIcon={<EnvironmentOutlined />}
      options={options}
      labelRender={compact ? ({ value }) => String(value) : undefined}
      popupMatchSelectWidth={false}
      style={{ minWidth: compact ? undefined : 130 }}
    />
  );
}
