import { useList } from "@refinedev/core";
import { Alert, Spin } from "antd";
import { Navigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";

/**
 * A tender as its invited vendor opens it (/vendors/tender/{tender id}, where quick find's tender
 * hits lead): the vendor works on a tender through its own bid, so this goes to the bid's screen.
 * A tender the vendor has no bid on is not found, as the server answers.
 */
export function VendorTenderShow() {
  const { t } = useTranslation("bids");
  const { id } = useParams();
  const { result, query } = useList({
    resource: "bids",
    filters: [{ field: "tenderId", operator: "eq", value: id }],
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { enabled: Boolean(id) },
  });
  const bid = result?.data?.[0];
  if (bid) return <Navigate to={`/vendors/tender-bid/${encodeURIComponent(String(bid.id))}`} replace />;
  if (query.isLoading) return <Spin style={{ display: "block", margin: 48 }} />;
  return <Alert type="error" showIcon message={t("notFound")} data-testid="tender-not-found" />;
}
