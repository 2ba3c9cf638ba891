import { Col, Divider, Form, Input, Row, type FormProps } from "antd";
import type { BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { RecordSelect } from "../settings/RecordSelect";
import { useRegionCurrency } from "../settings/format";
import { CategoriesTable } from "./CategoriesTable";
import { AmountInput } from "../AmountInput";
import { textRules } from "../settings/textRules";

const userLabel = (user: BaseRecord) => [user.displayName, user.username && `(${user.username})`].filter(Boolean).join(" ") || String(user.id);

/** Fields of a department: ITQ threshold in the region's currency, categories, sites/buildings/users. */
export function DepartmentForm({ formProps }: { formProps: FormProps }) {
  const { t } = useTranslation(["departments", "settings"]);
  const currency = useRegionCurrency();
  return (
    <Form
      {...formProps}
      // Postgres numerics may arrive as text; the service takes a number.
      onFinish={(values: Record<string, unknown>) =>
        formProps.onFinish?.({
          ...values,
          itqThreshold: values.itqThreshold == null ? values.itqThreshold : Math.round(Number(values.itqThreshold) * 100) / 100,
        })
      }
      layout="vertical"
      validateTrigger="onBlur"
      scrollToFirstError
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t("fields.name")} rules={textRules(t, 255, t("fields.name"))}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="shortName" label={t("fields.shortName")} rules={textRules(t, 32, t("fields.shortName"))}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="itqThreshold"
            label={t("fields.itqThreshold")}
            tooltip={t("itqHelp")}
            rules={[
              { required: true, message: t("settings:form.required", { field: t("fields.itqThreshold") }) },
              {
                validator: async (_, value: unknown) => {
                  const amount = Number(value);
                  if (value !== undefined && value !== null && value !== "" && !(Number.isFinite(amount) && amount >= 0 && amount <= 999_999_999_999.99))
                    throw new Error(t("settings:form.amount"));
                },
              },
            ]}
          >
            <AmountInput addonBefore={currency} min={0} max={999_999_999_999.99} precision={2} step={1000} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t("fields.description")} rules={[{ max: 2000, message: t("settings:form.max", { max: 2000 }) }]}>
            <Input.TextArea rows={2} maxLength={2000} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="siteIds" label={t("fields.sites")}>
            <RecordSelect resource="sites" mode="multiple" placeholder={t("settings:form.pick")} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="buildingIds" label={t("fields.buildings")}>
            <RecordSelect resource="buildings" mode="multiple" placeholder={t("settings:form.pick")} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="userIds" label={t("fields.users")}>
            <RecordSelect resource="users" mode="multiple" label={userLabel} searchField="displayName" placeholder={t("settings:form.pick")} />
          </Form.Item>
        </Col>
      </Row>
      <Divider orientation="left">{t("fields.categories")}</Divider>
      <CategoriesTable />
    </Form>
  );
}
