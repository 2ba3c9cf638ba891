import { Alert, Col, Form, Input, Row, type FormProps } from "antd";
import { RadioGroup } from "../RadioGroup";
import { useTranslation } from "react-i18next";
import { RecordSelect } from "../settings/RecordSelect";
import { textRules } from "../settings/textRules";

export const SITE_TYPES = ["PHYSICAL", "VIRTUAL"] as const;

/**
 * Fields of a site. A building belongs to at most one physical site: the server answers 409
 * PHYSICAL_SITE_TAKEN (shown as an error toast naming the building and site) when it is taken.
 */
export function SiteForm({ formProps }: { formProps: FormProps }) {
  const { t } = useTranslation(["sites", "settings"]);
  const type = Form.useWatch("type", formProps.form);
  return (
    <Form {...formProps} layout="vertical" validateTrigger="onBlur" scrollToFirstError>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t("fields.name")} rules={textRules(t, 255, t("fields.name"))}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="shortName" label={t("fields.shortName")} rules={textRules(t, 64, t("fields.shortName"))}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="type" label={t("fields.type")} rules={[{ required: true, message: t("settings:form.required", { field: t("fields.type") }) }]}>
            <RadioGroup optionType="button" options={SITE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
          </Form.Item>
          {type === "PHYSICAL" && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("physicalHint")} />}
        </Col>
        <Col xs={24}>
          <Form.Item name="buildingIds" label={t("fields.buildings")}>
            <RecordSelect resource="buildings" mode="multiple" placeholder={t("settings:form.pick")} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
