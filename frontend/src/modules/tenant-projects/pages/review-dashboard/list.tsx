import { Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { OpenBatchesChart } from "../../dashboard/OpenBatchesChart";
import { MyCourt } from "../../dashboard/MyCourt";
import { ByReviewer } from "../../dashboard/ByReviewer";

/**
 * The staff fit-out review dashboard (spec tenant projects §2 "Dashboards: engineerDashboard";
 * issue 29 item 2), /tenant-projects/dashboard: open batches by step, the batches in the user's
 * court, and every reviewer's, over the batches the user reads in the region.
 */
export function ReviewDashboardList() {
  const { t } = useTranslation("tenant-submissions");
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }} data-testid="review-dashboard">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t("dashboard.title")}
      </Typography.Title>
      <OpenBatchesChart />
      <MyCourt />
      <ByReviewer />
    </Space>
  );
}
