import { Col, Form, Input, Row, Select, type FormProps } from "antd";
import { useTranslation } from "react-i18next";
import { StringListEditor } from "../settings/StringListEditor";
import { CODE_PATTERN } from "../settings/format";
import { textRules } from "../settings/textRules";

/** Fields of a building; floors are an ordered list (lowest first) and the common floor one of them. */
export function BuildingForm({ formProps }: { formProps: FormProps }) {
  const { t } = useTranslation(["buildings", "settings"]);
  const floors: string[] = Form.useWatch("floors", formProps.form) ?? [];
  // Rows renamed in place must stay non-blank and distinct (the server refuses both).
  const listRule = async (_: unknown, value?: string[]) => {
    const seen = new Set<string>();
    for (const item of value ?? []) {
      const key = item.trim().toLowerCase();
      if (!key) throw new Error(t("settings:listEditor.blank"));
      if (seen.has(key)) throw new Error(t("settings:listEditor.duplicate", { value: item.trim() }));
      seen.add(key);
    }
  };
  return (
    <Form {...formProps} layout="vertical" validateTrigger="onBlur" scrollToFirstError>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Form.Item
            name="code"
            label={t("fields.code")}
            rules={[
              { required: true, message: t("settings:form.required", { field: t("fields.code") }) },
              { max: 32, message: t("settings:form.max", { max: 32 }) },
              { pattern: CODE_PATTERN, message: t("settings:form.code") },
            ]}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="name" label={t("fields.name")} rules={textRules(t, 255, t("fields.name"))}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="shortName" label={t("fields.shortName")} rules={[{ max: 64, message: t("settings:form.max", { max: 64 }) }]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="fullName" label={t("fields.fullName")} rules={[{ max: 255, message: t("settings:form.max", { max: 255 }) }]}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t("fields.description")} rules={[{ max: 2000, message: t("settings:form.max", { max: 2000 }) }]}>
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="floors" label={t("fields.floors")} extra={t("floorsHelp")} validateTrigger="onChange" rules={[{ validator: listRule }]}>
            <StringListEditor id="floors" ordered label={t("fields.floors")} placeholder={t("floorPlaceholder")} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="commonFloor"
            label={t("fields.commonFloor")}
            dependencies={["floors"]}
            validateTrigger={["onBlur", "onChange"]}
            rules={[
              {
                validator: async (_, value?: string | null) => {
                  if (value && !floors.includes(value)) throw new Error(t("commonFloorNotInFloors"));
                },
              },
            ]}
          >
            <Select allowClear placeholder={t("commonFloorPlaceholder")} options={floors.filter(Boolean).map((floor) => ({ value: floor, label: floor }))} />
          </Form.Item>
          <Form.Item name="zones" label={t("fields.zones")} validateTrigger="onChange" rules={[{ validator: listRule }]}>
            <StringListEditor id="zones" label={t("fields.zones")} placeholder={t("zonePlaceholder")} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="managementOffice" label={t("fields.managementOffice")} rules={[{ max: 1000, message: t("settings:form.max", { max: 1000 }) }]}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="hotline"
            label={t("fields.hotline")}
            rules={[
              { max: 50, message: t("settings:form.max", { max: 50 }) },
              { pattern: /^[0-9+()\-\s]*$/, message: t("settings:form.phone") },
            ]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
