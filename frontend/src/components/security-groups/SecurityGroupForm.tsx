import { Form, Input, Select, type FormProps } from "antd";
import { useTranslation } from "react-i18next";
import { PermissionMatrix } from "./PermissionMatrix";

/** Name, description, domain (set at creation) and the permission matrix. */
export function SecurityGroupForm({ formProps, mode }: { formProps: FormProps; mode: "create" | "edit" }) {
  const { t } = useTranslation("security-groups");
  return (
    <Form {...formProps} layout="vertical" validateTrigger="onBlur">
      <div style={{ display: "flex", gap: 16, flexWrap: "wrap" }}>
        <Form.Item
          name="name"
          label={t("fields.name")}
          style={{ minWidth: 280, flex: 1 }}
          rules={[
            { required: true, whitespace: true, message: t("validation.nameRequired") },
            { max: 100, message: t("validation.nameLength") },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="domain" label={t("fields.domain")} style={{ width: 200 }}>
          <Select
            disabled={mode === "edit"}
            options={[
              { value: "CMS", label: t("domains.CMS") },
              { value: "TMS", label: t("domains.TMS") },
            ]}
          />
        </Form.Item>
      </div>
      <Form.Item name="description" label={t("fields.description")} rules={[{ max: 500, message: t("validation.descriptionLength") }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item name="permissions" label={t("fields.permissions")} extra={t("hints.matrix")} validateTrigger="onChange">
        <PermissionMatrix />
      </Form.Item>
    </Form>
  );
}
