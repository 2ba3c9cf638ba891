import { Alert, Col, Form, Input, Row, Select } from "antd";
import type { FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { companyStatuses, companyTypes, usesDefaultAddress } from "./shared";

/** A company's fields (spec §3 Company): types C, T and D without an address take the default tenant address. */
export function CompanyFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation(["ccdcompanies", "ccdcontacts"]);
  const type = Form.useWatch("type", form);
  const text = (name: string, max = 255) => (
    <Col xs={24} md={12} key={name}>
      <Form.Item name={name} label={t(`fields.${name}`)} rules={[{ max, message: t("ccdcontacts:rules.required", { field: t(`fields.${name}`) }) }]}>
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name="name"
          label={t("fields.name")}
          rules={[
            { required: true, message: t("ccdcontacts:rules.required", { field: t("fields.name") }) },
            { whitespace: true, message: t("ccdcontacts:rules.required", { field: t("fields.name") }) },
          ]}
        >
          <Input maxLength={255} />
        </Form.Item>
      </Col>
      {text("mailingName")}
      <Col xs={12} md={6}>
        <Form.Item name="type" label={t("fields.type")} rules={[{ required: true, message: t("ccdcontacts:rules.required", { field: t("fields.type") }) }]}>
          <Select options={companyTypes.map((value) => ({ value, label: t(`types.${value}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="status" label={t("fields.status")}>
          <Select options={companyStatuses.map((value) => ({ value, label: t(`status.${value}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="parentCompanyId" label={t("fields.parentCompanyId")}>
          <RecordSelect resource="ccdcompanies" label={(record) => String(record.name)} />
        </Form.Item>
      </Col>
      {text("department")}
      <Col xs={24} md={12}>
        <Form.Item name="email" label={t("fields.email")} rules={[{ type: "email", message: t("ccdcontacts:rules.EMAIL_INVALID") }]}>
          <Input maxLength={255} />
        </Form.Item>
      </Col>
      {text("phone", 50)}
      {text("altPhone", 50)}
      {text("fax", 50)}
      {usesDefaultAddress(type) && (
        <Col span={24}>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("defaultAddress")} />
        </Col>
      )}
      {text("addressLine1")}
      {text("addressLine2")}
      {text("addressLine3")}
      {text("addressLine4")}
    </Row>
  );
}
