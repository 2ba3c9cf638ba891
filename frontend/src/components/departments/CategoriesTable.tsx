import { Button, Form, Input, InputNumber, Select, Table } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { textRules } from "../settings/textRules";

export const CATEGORY_STATUSES = ["ACTIVE", "INACTIVE"] as const;

/** The department's categories as an editable table (Form.List under `categories`). */
export function CategoriesTable() {
  const { t } = useTranslation(["departments", "settings", "common"]);
  // A cell's input is named by its column and row ("Short name 2"): the table header is not its label.
  const cellLabel = (field: string, row: number) => `${t(`categoryFields.${field}`)} ${row + 1}`;
  const required = (field: string) => ({ required: true, message: t("settings:form.required", { field: t(`categoryFields.${field}`) }) });
  return (
    <Form.List name="categories">
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            bordered
            pagination={false}
            rowKey="key"
            dataSource={fields}
            locale={{ emptyText: t("noCategories") }}
            scroll={{ x: 720 }}
            columns={[
              {
                title: t("categoryFields.shortname"),
                width: 140,
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, "shortname"]}
                    style={{ margin: 0 }}
                    rules={[
                      required("shortname"),
                      ...textRules(t, 32),
                      ({ getFieldValue }) => ({
                        validator: async (_rule, value?: string) => {
                          const all: { shortname?: string }[] = getFieldValue("categories") ?? [];
                          const key = value?.trim().toLowerCase();
                          if (key && all.filter((row) => row?.shortname?.trim().toLowerCase() === key).length > 1) throw new Error(t("duplicateCategory"));
                        },
                      }),
                    ]}
                  >
                    <Input maxLength={32} aria-label={cellLabel("shortname", field.name)} />
                  </Form.Item>
                ),
              },
              {
                title: t("categoryFields.name"),
                render: (_, field) => (
                  <Form.Item name={[field.name, "name"]} style={{ margin: 0 }} rules={[required("name"), ...textRules(t, 255)]}>
                    <Input maxLength={255} aria-label={cellLabel("name", field.name)} />
                  </Form.Item>
                ),
              },
              {
                title: t("categoryFields.type"),
                width: 140,
                render: (_, field) => (
                  <Form.Item name={[field.name, "type"]} style={{ margin: 0 }} rules={[required("type"), ...textRules(t, 32)]}>
                    <Input maxLength={32} aria-label={cellLabel("type", field.name)} />
                  </Form.Item>
                ),
              },
              {
                title: t("categoryFields.status"),
                width: 120,
                render: (_, field) => (
                  <Form.Item name={[field.name, "status"]} style={{ margin: 0 }} rules={[required("status")]}>
                    <Select
                      aria-label={cellLabel("status", field.name)}
                      options={CATEGORY_STATUSES.map((value) => ({ value, label: t(`common:status.${value}`) }))}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t("categoryFields.order"),
                width: 100,
                render: (_, field) => (
                  <Form.Item name={[field.name, "order"]} style={{ margin: 0 }} rules={[required("order")]}>
                    <InputNumber aria-label={cellLabel("order", field.name)} min={0} precision={0} style={{ width: "100%" }} />
                  </Form.Item>
                ),
              },
              {
                title: t("common:table.actions"),
                width: 70,
                render: (_, field) => (
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("common:buttons.delete")} onClick={() => remove(field.name)} />
                ),
              },
            ]}
          />
          {/* id and status of existing rows ride along as hidden values. */}
          {fields.map((field) => (
            <Form.Item key={field.key} name={[field.name, "id"]} hidden>
              <Input />
            </Form.Item>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            onClick={() => add({ shortname: "", name: "", type: "", status: "ACTIVE", order: fields.length })}
          >
            {t("addCategory")}
          </Button>
        </>
      )}
    </Form.List>
  );
}
