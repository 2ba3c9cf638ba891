import { useList, useMany, type BaseRecord } from "@refinedev/core";
import { Form, Input, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { STANDING_NEEDING_OVERRIDE, formatScore } from "../../../../../backend/src/modules/projects/services/vendor-ratings/vendor-ratings.shared";

const colors: Record<string, string> = { VERY_POOR: "red", POOR: "orange", AVERAGE: "blue", EXCELLENT: "green" };

/**
 * In the tender's issue dialog, under the vendors chosen: each one's standing (vendor performance,
 * issue 12 item 9), and the override reason the server asks for when one stands Very Poor. Nothing
 * when the region has vendor performance off or the user may not read ratings.
 */
export function VendorStandingsField() {
  const { t } = useTranslation("vendor-ratings");
  const chosen: number[] = Form.useWatch("vendorIds") ?? [];
  const enabled = chosen.length > 0;
  const { result, query } = useList({
    resource: "vendor-performance",
    filters: [{ field: "companyId", operator: "in", value: chosen }],
    pagination: { currentPage: 1, pageSize: 100 },
    queryOptions: { enabled },
  });
  const { result: companies } = useMany({ resource: "companies", ids: chosen, queryOptions: { enabled } });
  if (!enabled || query.isError) return null;
  const rows = result?.data ?? [];
  const rowOf = (id: number) => rows.find((row: BaseRecord) => Number(row.companyId) === Number(id));
  const nameOf = (id: number) =>
    String((companies?.data ?? []).find((company: BaseRecord) => Number(company.id) === Number(id))?.name ?? rowOf(id)?.companyName ?? id);
  const poor = chosen.filter((id) => rowOf(id)?.standing === STANDING_NEEDING_OVERRIDE);
  return (
    <>
      <Form.Item label={t("invite.standings")}>
        <Space direction="vertical" size={2} data-testid="vendor-standings">
          {chosen.map((id) => {
            const row = rowOf(id);
            return (
              <Space key={id} size="small" wrap>
                <Typography.Text>{nameOf(id)}</Typography.Text>
                {row ? (
                  <>
                    <Tag color={colors[String(row.standing)]} data-testid={`invite-standing-${row.standing}`}>
                      {t(`standing.${row.standing}`)}
                    </Tag>
                    <Typography.Text type="secondary">{formatScore(Number(row.scoreHundredths))}</Typography.Text>
                  </>
                ) : (
                  <Tag data-testid="invite-standing-NONE">{t("standing.NONE")}</Tag>
                )}
              </Space>
            );
          })}
        </Space>
      </Form.Item>
      {poor.length > 0 && (
        <Form.Item
          name="overrideReason"
          label={t("invite.overrideReason")}
          validateTrigger="onBlur"
          rules={[{ required: true, whitespace: true, message: t("invite.overrideRequired", { vendors: poor.map(nameOf).join(", ") }) }]}
        >
          <Input.TextArea rows={2} maxLength={1000} data-testid="override-reason" />
        </Form.Item>
      )}
    </>
  );
}
