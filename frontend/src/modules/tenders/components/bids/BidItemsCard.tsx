import { Card, Form, Input, InputNumber, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { bidTotal, isRemovedItem, lineTotal } from "../rules";
import { AddendumLabel } from "../AddendumLabel";
import { discountLabel, formatMoney, unitLabel } from "../format";
import { AmountInput } from "../../../../components/AmountInput";
import { numbers, remarkMaxLength, safe, type BidValues } from "./bid-values";

interface BidItemsCardProps {
  lineItems: any[];
  currency: string;
  /** The form's values as the vendor enters them, for the live totals. */
  values: BidValues | undefined;
  /** An addendum was issued: each line shows its label. */
  amended: boolean;
}

/** The tender's line items with the vendor's quantities, rates and remarks, and live totals; inside the bid's form. */
export function BidItemsCard({ lineItems, currency, values, amended }: BidItemsCardProps) {
  const { t } = useTranslation("bids");
  const { t: tr } = useTranslation("tender-revisions");
  const qtyOf = (item: any) => values?.bidItemQtys?.[item.id] ?? item.itemQty;
  const total = safe(() => bidTotal(lineItems, numbers(values?.bidItemQtys), numbers(values?.rates)));
  // A line an addendum removed stays visible, struck through, and is not priced.
  const struck = (item: any, text: React.ReactNode) =>
    isRemovedItem(item) ? (
      <Typography.Text delete type="secondary">
        {text}
      </Typography.Text>
    ) : (
      text
    );

  return (
    <Card title={t("sections.items")} size="small">
      <Table
        size="small"
        rowKey="id"
        dataSource={lineItems}
        pagination={false}
        scroll={{ x: 1100 }}
        data-testid="bid-items"
        onRow={(item: any) => ({ "data-testid": `bid-item-${item.id}`, "data-label": item.addendumLabel ?? "" }) as React.HTMLAttributes<HTMLElement>}
      >
        {amended && <Table.Column<any> title={tr("labels.column")} width={90} render={(_, item) => <AddendumLabel label={item.addendumLabel} />} />}
        <Table.Column<any> dataIndex="itemNo" title={t("items.itemNo")} width={70} render={(value, item) => struck(item, value)} />
        <Table.Column<any>
          dataIndex="itemDesc"
          title={t("items.itemDesc")}
          render={(value, item) => (
            <>
              <div style={{ whiteSpace: "pre-wrap" }}>{struck(item, value)}</div>
              {item.remark && (
                <Typography.Text type="secondary" style={{ whiteSpace: "pre-wrap" }}>
                  {item.remark}
                </Typography.Text>
              )}
            </>
          )}
        />
        <Table.Column<any> dataIndex="itemUnit" title={t("items.itemUnit")} width={100} render={(value, item) => struck(item, unitLabel(value))} />
        <Table.Column<any>
          title={t("items.itemQty")}
          width={120}
          render={(_, item) =>
            isRemovedItem(item) ? (
              struck(item, item.itemQty)
            ) : (
              <Form.Item name={["bidItemQtys", item.id]} noStyle>
                <InputNumber
                  aria-label={`${t("items.itemQty")} ${item.itemNo ?? ""}`.trim()}
                  min={0}
                  placeholder={String(item.itemQty ?? "")}
                  style={{ width: "100%" }}
                  data-testid={`qty-${item.id}`}
                />
              </Form.Item>
            )
          }
        />
        <Table.Column<any>
          title={t("items.rate", { currency })}
          width={150}
          render={(_, item) =>
            isRemovedItem(item) ? (
              <Typography.Text type="secondary">{tr("notBiddable")}</Typography.Text>
            ) : (
              <Form.Item name={["rates", item.id]} noStyle>
                <AmountInput
                  aria-label={`${t("items.rate", { currency })} ${item.itemNo ?? ""}`.trim()}
                  min={0}
                  precision={2}
                  style={{ width: "100%" }}
                  data-testid={`rate-${item.id}`}
                />
              </Form.Item>
            )
          }
        />
        <Table.Column<any>
          title={t("items.discount")}
          width={120}
          render={(_, item) => (item.discountType && item.discount != null ? `${item.discount} ${discountLabel(item.discountType, currency)}` : "")}
        />
        <Table.Column<any>
          title={t("items.remark")}
          width={200}
          render={(_, item) =>
            isRemovedItem(item) ? null : (
              <Form.Item name={["remarks", item.id]} noStyle>
                <Input.TextArea
                  aria-label={`${t("items.remark")} ${item.itemNo ?? ""}`.trim()}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  maxLength={remarkMaxLength}
                  data-testid={`remark-${item.id}`}
                />
              </Form.Item>
            )
          }
        />
        <Table.Column<any>
          title={t("items.lineTotal")}
          width={150}
          align="right"
          render={(_, item) => (
            <Typography.Text type={item.optional || item.forReference || isRemovedItem(item) ? "secondary" : undefined} delete={isRemovedItem(item)}>
              {formatMoney(
                isRemovedItem(item)
                  ? 0
                  : safe(() =>
                      lineTotal({ itemQty: qtyOf(item), rate: values?.rates?.[item.id], discountType: item.discountType ?? null, discount: item.discount }),
                    ),
                currency,
              )}
              {item.optional ? ` (${t("items.optional")})` : ""}
              {item.forReference ? ` (${t("items.forReference")})` : ""}
            </Typography.Text>
          )}
        />
      </Table>
      <div style={{ textAlign: "right", marginTop: 12 }}>
        <Typography.Text strong data-testid="bid-total">
          {t("items.total")}: {formatMoney(total, currency)}
        </Typography.Text>
      </div>
    </Card>
  );
}
