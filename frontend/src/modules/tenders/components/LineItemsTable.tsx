import { Button, Checkbox, Form, Input, InputNumber, Select, Table, Typography, type FormItemProps } from "antd";
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
  const tick = (value: unknown) => (value ? "✓" : "");

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
        // One editable column: its field's control in the row's Form.Item (noStyle unless validated), as text on a removed line.
        const fieldColumn = (
          field: keyof LineItemValues,
          width: number,
          control: (label: string) => ReactNode,
          { item = { noStyle: true }, text, align }: { item?: FormItemProps; text?: (value: any) => ReactNode; align?: "center" } = {},
        ) => ({
          title: t(`items.${field}`, { currency }),
          width,
          align,
          render: (_: unknown, f: { name: number }) =>
            cell(
              f.name,
              field,
              <Form.Item name={[f.name, field]} {...item}>
                {control(cellLabel(f.name, field))}
              </Form.Item>,
              text,
            ),
        });
        const validated: FormItemProps = { rules: money, validateTrigger: "onBlur", ...tight };
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
                fieldColumn("itemNo", 70, (label) => <Input aria-label={label} />),
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
                fieldColumn("itemQty", 90, (label) => <InputNumber aria-label={label} min={0} style={{ width: "100%" }} data-testid="item-qty" />),
                fieldColumn("itemUnit", 110, (label) => <Select aria-label={label} options={units} style={{ width: "100%" }} data-testid="item-unit" />),
                fieldColumn("rate", 130, (label) => <AmountInput aria-label={label} step={0.01} style={{ width: "100%" }} data-testid="item-rate" />, {
                  item: validated,
                }),
                fieldColumn("discountType", 100, (label) => <Select aria-label={label} allowClear options={discounts} style={{ width: "100%" }} />, {
                  text: (value) => (value ? discountLabel(value, currency) : ""),
                }),
                fieldColumn("discount", 100, (label) => <AmountInput aria-label={label} step={0.01} style={{ width: "100%" }} data-testid="item-discount" />, {
                  item: validated,
                }),
                fieldColumn("remark", 140, (label) => <Input.TextArea aria-label={label} autoSize={{ minRows: 1, maxRows: 3 }} maxLength={2000} />),
                fieldColumn("optional", 70, (label) => <Checkbox aria-label={label} data-testid="item-optional" />, {
                  item: { valuePropName: "checked", noStyle: true },
                  text: tick,
                  align: "center",
                }),
                fieldColumn("forReference", 80, (label) => <Checkbox aria-label={label} data-testid="item-for-reference" />, {
                  item: { valuePropName: "checked", noStyle: true },
                  text: tick,
                  align: "center",
                }),
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
