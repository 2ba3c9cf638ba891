import { Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSession } from "../../providers/session";
import { regionLabel } from "../../providers/regions";
import { ModuleCards } from "./ModuleCards";
import { StaffTenderPanels, VendorTenderPanels } from "../../modules/tenders/dashboard/TenderPanels";
import { currentAbility } from "../../providers/access-control";
import { RepresentativeTenders } from "../../modules/tenders/components/review/RepresentativeTenders";
import type { Portal } from "../../types/session";

/** Landing page of each portal: greeting, region, the work waiting for the user, and what they can reach from here. */
export function Dashboard({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const region = useSession((s) => s.region);
  const regionInfo = useSession((s) => s.regions.find((r) => r.code === s.region));
  useSession((s) => s.rules); // re-render when the rules change
  const tenders = Boolean(regionInfo?.features.includes("TENDERS"));
  const ability = currentAbility();
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <div>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t(`dashboard:title.${portal}`)}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t("dashboard:welcome", { name: user?.displayName || user?.username, region: regionInfo ? regionLabel(regionInfo) : (region ?? "") })}
        </Typography.Text>
      </div>
      {tenders && portal === "staff" && ability.can("read", "tenders") && <StaffTenderPanels />}
      {tenders && portal === "vendors" && ability.can("read", "bids") && <VendorTenderPanels />}
      {tenders && portal !== "tenants" && <RepresentativeTenders portal={portal} />}
      <ModuleCards portal={portal} />
    </Space>
  );
}
