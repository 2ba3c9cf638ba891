import { Button, Checkbox, Form, Input, InputNumber, Select, Table, Typography } from "antd";
import { DeleteOutlined, PlusOutlined, RollbackOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { AddendumLabel } from "./AddendumLabel";
import { useTranslation } from "react-i18next";
import { isRemovedItem, moneyProblem } from "./rules";
import { discountLabel, formatMoney, unitOptions } from "./format";
import { AmountInput } from "../../../components/AmountInput";
import { newId, safeLineTotal, type AddendumEditing, type LineItemValues } from "./line-items";

interface LineItemsTableProps {
  /** The group's field name in the form's `lineItemGroups` list. */
  groupName: number;
  /** The group's place, for the next line's item number. */
  groupIndex: number;
  /** The group's lines as the form holds them now. */
  items: LineItemValues[] | undefined;
  currency: string;
  readOnly?: boolean;
  addendum?: AddendumEditing;
}

/** The line items of one group (a Form.List inside the group's), each line's total live; see LineItemsEditor. */
export function LineItemsTable({ groupName, groupIndex, items, currency, readOnly, addendum }: LineItemsTableProps) {
  const { t } = useTranslation("tenders");
  const { t: tr } = useTranslation("tender-revisions");
  const form = Form.useFormInstance();
  const units = unitOptions();
  const discounts = (["PERCENT", "AMOUNT"] as const).map((type) => ({ value: type, label: discountLabel(type, currency) }));
  // Money fields are checked when left, with the server's rule (line-item-rules): ≥ 0, 2 decimals.
  const money = [
    {
      validator: async (_: unknown, value: unknown) => {
        const problem = moneyProblem(value as number | null | undefined);
        if (problem) throw new Error(t(`validation.money.${problem}`));
      },
    },
  ];
  const tight = { style: { marginBottom: 0 } };

  return (
    <Form.List name={[groupName, "lineItems"]}>
      {(itemFields, itemOps) => {
        const itemAt = (index: number) => items?.[index];
        const removed = (index: number) => isRemovedItem(itemAt(index));
        // A removed line reads as struck-through text: it is out of the totals and of bidding.
        const cell = (index: number, field: keyof LineItemValues, input: ReactNode, text?: (value: any) => ReactNode) =>
          removed(index) ? (
            <Typography.Text delete type="secondary">
              {text ? text(itemAt(index)?.[field]) : String(itemAt(index)?.[field] ?? "")}
            </Typography.Text>
          ) : (
            input
          );
        // A cell's control is named by its column and its row's item number ("Rate (HKD) 1.2"): the header is not its label.
        const cellLabel = (index: number, field: keyof LineItemValues) => `${t(`items.${field}`, { currency })} ${itemAt(index)?.itemNo || index + 1}`;
        const labelPath = (index: number) => ["lineItemGroups", groupName, "lineItems", index, "addendumLabel"];
        const removeItem = (index: number) => {
          const item = itemAt(index);
          if (addendum && item && addendum.baseIds.has(item.id)) form.setFieldValue(labelPath(index), "DP");
          else itemOps.remove(index);
        };
        return (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={itemFields}
              scroll={{ x: addendum ? 1400 : 1300 }}
              locale={{ emptyText: t("items.empty") }}
              onRow={(f) => ({ "data-testid": "line-item", "data-label": itemAt(f.name)?.addendumLabel ?? "" }) as React.HTMLAttributes<HTMLElement>}
              columns={[
                ...(addendum
                  ? [
                      {
                        title: tr("labels.column"),
                        width: 100,
                        fixed: "left" as const,
                        render: (_: unknown, f: { name: number }) => <AddendumLabel label={itemAt(f.name)?.addendumLabel} />,
                      },
                    ]
                  : []),
                {
                  title: t("items.itemNo"),
                  width: 70,
                  render: (_, f) =>
                    cell(
                      f.name,
                      "itemNo",
                      <Form.Item name={[f.name, "itemNo"]} noStyle>
                        <Input aria-label={cellLabel(f.name, "itemNo")} />
                      </Form.Item>,
                    ),
                },
                {
                  title: t("items.itemDesc"),
                  render: (_, f) => (
                    <>
                      <Form.Item name={[f.name, "id"]} hidden noStyle>
                        <Input />
                      </Form.Item>
                      {cell(
                        f.name,
                        "itemDesc",
                        <Form.Item name={[f.name, "itemDesc"]} noStyle>
                          <Input.TextArea aria-label={cellLabel(f.name, "itemDesc")} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="item-desc" />
                        </Form.Item>,
                      )}
                    </>
                  ),
                },
                {
                  title: t("items.itemQty"),
                  width: 90,
                  render: (_, f) =>
                    cell(
                      f.name,
                      "itemQty",
                      <Form.Item name={[f.name, "itemQty"]} noStyle>
                        <InputNumber aria-label={cellLabel(f.name, "itemQty")} min={0} style={{ width: "100%" }} data-testid="item-qty" />
                      </Form.Item>,
                    ),
                },
                {
                  title: t("items.itemUnit"),
                  width: 110,
                  render: (_, f) =>
                    cell(
                      f.name,
                      "itemUnit",
                      <Form.Item name={[f.name, "itemUnit"]} noStyle>
                        <Select aria-label={cellLabel(f.name, "itemUnit")} options={units} style={{ width: "100%" }} data-testid="item-unit" />
                      </Form.Item>,
                    ),
                },
                {
                  title: t("items.rate", { currency }),
                  width: 130,
                  render: (_, f) =>
                    cell(
                      f.name,
                      "rate",
                      <Form.Item name={[f.name, "rate"]} rules={money} validateTrigger="onBlur" {...tight}>
                        <AmountInput aria-label={cellLabel(f.name, "rate")} step={0.01} style={{ width: "100%" }} data-testid="item-rate" />
                      </Form.Item>,
                    ),
                },
                {
                  title: t("items.discountType"),
                  width: 100,
                  render: (_, f) =>
                    cell(
                      f.name,
                      "discountType",
                      <Form.Item name={[f.name, "discountType"]} noStyle>
                        <Select aria-label={cellLabel(f.name, "discountType")} allowClear options={discounts} style={{ width: "100%" }} />
                      </Form.Item>,
                      (value) => (value ? discountLabel(value, currency) : ""),
                    ),
                },
                {
                  title: t("items.discount"),
                  width: 100,
                  render: (_, f) =>
                    cell(
                      f.name,
                      "discount",
                      <Form.Item name={[f.name, "discount"]} rules={money} validateTrigger="onBlur" {...tight}>
                        <AmountInput aria-label={cellLabel(f.name, "discount")} step={0.01} style={{ width: "100%" }} data-testid="item-discount" />
                      </Form.Item>,
                    ),
                },
                {
                  title: t("items.remark"),
                  width: 140,
                  render: (_, f) =>
                    cell(
                      f.name,
                      "remark",
                      <Form.Item name={[f.name, "remark"]} noStyle>
                        <Input.TextArea aria-label={cellLabel(f.name, "remark")} autoSize={{ minRows: 1, maxRows: 3 }} maxLength={2000} />
                      </Form.Item>,
                    ),
                },
                {
                  title: t("items.optional"),
                  width: 70,
                  align: "center",
                  render: (_, f) =>
                    cell(
                      f.name,
                      "optional",
                      <Form.Item name={[f.name, "optional"]} valuePropName="checked" noStyle>
                        <Checkbox aria-label={cellLabel(f.name, "optional")} data-testid="item-optional" />
                      </Form.Item>,
                      (value) => (value ? "✓" : ""),
                    ),
                },
                {
                  title: t("items.forReference"),
                  width: 80,
                  align: "center",
                  render: (_, f) =>
                    cell(
                      f.name,
                      "forReference",
                      <Form.Item name={[f.name, "forReference"]} valuePropName="checked" noStyle>
                        <Checkbox aria-label={cellLabel(f.name, "forReference")} data-testid="item-for-reference" />
                      </Form.Item>,
                      (value) => (value ? "✓" : ""),
                    ),
                },
                // The line total and the remove button stay in view while the wide table scrolls.
                {
                  title: t("items.lineTotal"),
                  width: 130,
                  align: "right",
                  fixed: "right",
                  render: (_, f) => (
                    <Typography.Text
                      type={itemAt(f.name)?.optional || itemAt(f.name)?.forReference || removed(f.name) ? "secondary" : undefined}
                      delete={removed(f.name)}
                      data-testid="line-total"
                    >
                      {formatMoney(safeLineTotal(itemAt(f.name)), currency)}
                    </Typography.Text>
                  ),
                },
                ...(readOnly
                  ? []
                  : [
                      {
                        title: "",
                        width: 40,
                        fixed: "right" as const,
                        render: (_: unknown, f: { name: number }) => {
                          const label = itemAt(f.name)?.addendumLabel;
                          if (label === "DP") {
                            return (
                              <Button
                                type="text"
                                icon={<RollbackOutlined />}
                                onClick={() => form.setFieldValue(labelPath(f.name), null)}
                                aria-label={tr("actions.restore")}
                                title={tr("actions.restore")}
                                data-testid="restore-item"
                              />
                            );
                          }
                          if (removed(f.name)) return null;
                          return (
                            <Button
                              type="text"
                              danger
                              icon={<DeleteOutlined />}
                              onClick={() => removeItem(f.name)}
                              aria-label={t("items.removeItem")}
                              data-testid="remove-item"
                            />
                          );
                        },
                      },
                    ]),
              ]}
            />
            {!readOnly && (
              <Button
                style={{ marginTop: 8 }}
                icon={<PlusOutlined />}
                data-testid="add-item"
                onClick={() =>
                  itemOps.add({
                    id: newId(),
                    itemNo: `${groupIndex + 1}.${itemFields.length + 1}`,
                    itemQty: 1,
                    itemUnit: "Lot",
                    optional: false,
                    forReference: false,
                  })
                }
              >
                {t("items.addItem")}
              </Button>
            )}
          </>
        );
      }}
    </Form.List>
  );
}
