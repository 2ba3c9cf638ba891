import { Descriptions, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatMoney } from "../format";

/** What the vendor bids on: the tender's facts, its scope and its optional items. */
export function BidFacts({ tender, currency }: { tender: Record<string, any>; currency: string }) {
  const { t } = useTranslation("bids");
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label={t("fields.prNumber")}>{tender.prNumber}</Descriptions.Item>
      <Descriptions.Item label={t("fields.description")}>{tender.prDescription}</Descriptions.Item>
      <Descriptions.Item label={t("fields.closingAt")}>{formatDateTime(tender.closingAt)}</Descriptions.Item>
      <Descriptions.Item label={t("fields.validityDays")}>{tender.validityDays}</Descriptions.Item>
      {tender.general?.projectLocation && <Descriptions.Item label={t("fields.projectLocation")}>{tender.general.projectLocation}</Descriptions.Item>}
      {tender.general?.paymentTerms && <Descriptions.Item label={t("fields.paymentTerms")}>{tender.general.paymentTerms}</Descriptions.Item>}
      {tender.general?.conditionsOfContracts && (
        <Descriptions.Item label={t("fields.conditions")}>{t(`tenders:conditions.options.${tender.general.conditionsOfContracts}`)}</Descriptions.Item>
      )}
      {tender.scope?.generalDesc && (
        <Descriptions.Item label={t("fields.scope")} span={2}>
          {tender.scope.generalDesc}
        </Descriptions.Item>
      )}
      {(tender.general?.optionalItems ?? []).length > 0 && (
        <Descriptions.Item label={t("tenders:optionalItems.title")} span={2}>
          <ul data-testid="bid-optional-items" style={{ margin: 0, paddingLeft: 18 }}>
            {(tender.general.optionalItems as { name: string; value?: number | null; text?: string | null; selected?: boolean }[]).map((item, index) => (
              <li key={index}>
                {item.name}
                {item.value != null && ` — ${formatMoney(item.value, currency)}`}
                {item.text && ` (${item.text})`}
                {item.selected && <Tag style={{ marginLeft: 8 }}>{t("tenders:optionalItems.selected")}</Tag>}
              </li>
            ))}
          </ul>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
