import { Edit } from "../../components/crud";
import { Checkbox, Col, Form, Input, Row, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { useVersionedForm } from "../../components/settings/useVersionedForm";
import { EditConflictView, codeLabels } from "../../components/settings/EditConflictView";
import { REGION_FEATURES } from "../../components/regions/features";
import { loadRegions } from "../../providers/regions";
import { textRules } from "../../components/settings/textRules";

const timeZones = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  } catch {
    return [];
  }
})();

/** Region config: name, domain, currency, time zone, enabled and the feature switches. */
export function RegionEdit() {
  const { t } = useTranslation(["regions", "settings", "common"]);
  // The shell reads regions (features, currency) from the session: refresh it after a save.
  const { formProps, saveButtonProps, query, form, conflict } = useVersionedForm({ onMutationSuccess: () => void loadRegions().catch(() => undefined) });
  const code = query?.data?.data?.code as string | undefined;
  return (
    <Edit saveButtonProps={saveButtonProps} isLoading={query?.isLoading} canDelete={false} recordItemId={code}>
      <EditConflictView conflict={conflict} form={form} ns="regions" display={{ features: codeLabels(t, "common:features") }} />
      <Form
        {...formProps}
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={(values: Record<string, unknown>) =>
          formProps.onFinish?.({ ...values, currency: values.currency ? String(values.currency).toUpperCase() : null })
        }
      >
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <Form.Item label={t("fields.code")} htmlFor="region-code">
              <Input id="region-code" value={code} disabled />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="name" label={t("fields.name")} rules={textRules(t, 100, t("fields.name"))}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="domain" label={t("fields.domain")} rules={[{ max: 255, message: t("settings:form.max", { max: 255 }) }]}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item
              name="currency"
              label={t("fields.currency")}
              extra={t("currencyHelp")}
              rules={[{ pattern: /^[A-Za-z]{3}$/, message: t("currencyInvalid") }]}
            >
              <Input maxLength={3} style={{ textTransform: "uppercase" }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="timeZone"
              label={t("fields.timeZone")}
              rules={[{ required: true, message: t("settings:form.required", { field: t("fields.timeZone") }) }]}
            >
              <Select showSearch options={timeZones.map((zone) => ({ value: zone, label: zone }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="enabled" label={t("fields.enabled")} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="features" label={t("fields.features")}>
              <Checkbox.Group style={{ width: "100%" }}>
                <Row gutter={[16, 8]}>
                  {REGION_FEATURES.map((feature) => (
                    <Col key={feature} xs={24} sm={12} md={8}>
                      <Checkbox value={feature}>{t(`common:features.${feature}`)}</Checkbox>
                    </Col>
                  ))}
                </Row>
              </Checkbox.Group>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Edit>
  );
}
