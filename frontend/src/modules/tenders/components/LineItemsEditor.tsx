import { Button, Card, Form, Input, Popconfirm, Space, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { formatMoney } from "./format";
import { newId, safeTenderTotal, type AddendumEditing, type GroupValues } from "./line-items";
import { LineItemsTable } from "./LineItemsTable";

/**
 * Items/Services: groups of line items (Form.List in Form.List). Line totals and the tender total
 * are computed live with the server's arithmetic (lineTotal, tenderTotal; optional and removed
 * items excluded). In addendum mode each line carries its N/E/D label; removed lines are struck
 * through, read-only, and a line removed by this addendum can be restored.
 */
export function LineItemsEditor({ currency, readOnly, addendum }: { currency: string; readOnly?: boolean; addendum?: AddendumEditing }) {
  const { t } = useTranslation("tenders");
  const form = Form.useFormInstance();
  const groups = Form.useWatch("lineItemGroups", form) as GroupValues[] | undefined;

  return (
    <Form.List name="lineItemGroups">
      {(groupFields, groupOps) => (
        <Space direction="vertical" style={{ width: "100%" }} size="middle">
          {groupFields.map((groupField, groupIndex) => (
            <Card
              key={groupField.key}
              size="small"
              data-testid={`group-${groupIndex}`}
              title={
                <Space>
                  <Form.Item name={[groupField.name, "id"]} hidden noStyle>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[groupField.name, "name"]} noStyle>
                    <Input placeholder={t("items.groupName")} style={{ width: 320 }} variant={readOnly ? "borderless" : "outlined"} />
                  </Form.Item>
                </Space>
              }
              extra={
                !readOnly &&
                !(addendum && (groups?.[groupIndex]?.lineItems ?? []).some((item) => item && addendum.baseIds.has(item.id))) && (
                  // A group goes with all its lines: asked first.
                  <Popconfirm
                    title={t("items.confirmRemoveGroup", { count: (groups?.[groupIndex]?.lineItems ?? []).length })}
                    okText={t("items.removeGroup")}
                    okButtonProps={{ danger: true }}
                    cancelText={t("actions.close")}
                    onConfirm={() => groupOps.remove(groupField.name)}
                  >
                    <Button danger size="small" icon={<DeleteOutlined />} data-testid="remove-group">
                      {t("items.removeGroup")}
                    </Button>
                  </Popconfirm>
                )
              }
            >
              <LineItemsTable
                groupName={groupField.name}
                groupIndex={groupIndex}
                items={groups?.[groupIndex]?.lineItems}
                currency={currency}
                readOnly={readOnly}
                addendum={addendum}
              />
            </Card>
          ))}
          {!readOnly && (
            <Button icon={<PlusOutlined />} data-testid="add-group" onClick={() => groupOps.add({ id: newId(), name: "", lineItems: [] })}>
              {t("items.addGroup")}
            </Button>
          )}
          <div style={{ textAlign: "right" }}>
            <Typography.Text strong data-testid="tender-total">
              {t("items.total")}: {formatMoney(safeTenderTotal(groups), currency)}
            </Typography.Text>
          </div>
        </Space>
      )}
    </Form.List>
  );
}
