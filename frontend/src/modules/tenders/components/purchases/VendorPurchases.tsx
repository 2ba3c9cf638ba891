import { Card } from "antd";
import { useTranslation } from "react-i18next";
import { PurchaseList, useTenderPurchases } from "./PurchaseList";

/**
 * The vendor's own purchase orders and contracts of an awarded tender, read-only, on its bid
 * screen (the server answers only the vendor's company's records). Nothing shows while there are
 * none: a vendor that was not awarded has none.
 */
export function VendorPurchases({ tenderId }: { tenderId: string }) {
  const { t } = useTranslation("purchases");
  const { rows, loading } = useTenderPurchases(tenderId);
  if (!rows.length) return null;
  return (
    <Card size="small" title={t("vendorTitle")} data-testid="vendor-purchases">
      <PurchaseList rows={rows} loading={loading} />
    </Card>
  );
}
