import { Col, Form, Input, Row, type FormProps } from "antd";
import { useTranslation } from "react-i18next";
import { RecordSelect } from "../../components/settings/RecordSelect";
import { CODE_PATTERN } from "../../components/settings/format";

export function LocationForm({ formProps }: { formProps: FormProps }) {
  const { t } = useTranslation(["locations", "settings"]);
  return (
    <Form {...formProps} layout="vertical" validateTrigger="onBlur" scrollToFirstError>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Form.Item
            name="code"
            label={t("fields.code")}
            rules={[
              { required: true, message: t("settings:form.required", { field: t("fields.code") }) },
              { max: 64, message: t("settings:form.max", { max: 64 }) },
              { pattern: CODE_PATTERN, message: t("settings:form.code") },
            ]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="name" label={t("fields.name")} rules={[{ max: 255, message: t("settings:form.max", { max: 255 }) }]}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="buildingId" label={t("fields.buildingId")}>
            <RecordSelect resource="buildings" showSearch placeholder={t("settings:form.pick")} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="departmentId" label={t("fields.departmentId")}>
            <RecordSelect resource="departments" showSearch placeholder={t("settings:form.pick")} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
