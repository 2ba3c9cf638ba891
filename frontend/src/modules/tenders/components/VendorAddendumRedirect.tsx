import { useList, type BaseRecord } from "@refinedev/core";
import { Alert, Spin } from "antd";
import { Navigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";

/**
 * /vendors/tender/addendum/:id (the link of the addendum e-mail): a vendor reads an issued
 * addendum on its bid, which shows the labelled lines and the revision history.
 */
export function VendorAddendumRedirect() {
  const { t } = useTranslation("bids");
  const { id } = useParams();
  const { query } = useList<BaseRecord>({
    resource: "bids",
    filters: [{ field: "tenderId", operator: "eq", value: id }],
    pagination: { pageSize: 1 },
    liveMode: "off",
  });
  const bid = query.data?.data?.[0];
  if (query.isLoading) return <Spin style={{ display: "block", margin: 48 }} />;
  if (!bid) return <Alert type="error" showIcon message={t("notFound")} />;
  return <Navigate to={`/vendors/tender-bid/${bid.id}`} replace />;
}
