import { Col, Form, Input, Row, Select } from "antd";
import type { FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { ChannelsEditor } from "./ChannelsEditor";
import { contactGenders, contactPrefixes, contactRoleTypes, contactStatuses } from "./shared";

type NamePath = (string | number)[];

/**
 * The fields of one contact (spec §3 Contact). `prefix` is where they sit in the form (inside a
 * company's contact list: [index]), `absolute` the same from the form's root; `withCompany` adds
 * the company choice (staff; a vendor's contacts are its own company's).
 */
export function ContactFields({
  form,
  prefix = [],
  absolute = [],
  withCompany = false,
}: {
  form: FormInstance;
  prefix?: NamePath;
  absolute?: NamePath;
  withCompany?: boolean;
}) {
  const { t } = useTranslation("ccdcontacts");
  const required = (field: string) => ({ required: true, message: t("rules.required", { field: t(`fields.${field}`) }) });
  const options = (values: readonly string[], group: string) => values.map((value) => ({ value, label: t(`${group}.${value}`) }));
  return (
    <>
      <Row gutter={16}>
        {withCompany && (
          <Col xs={24} md={12}>
            <Form.Item name={[...prefix, "companyId"]} label={t("fields.companyId")} rules={[required("companyId")]}>
              <RecordSelect resource="ccdcompanies" label={(record) => String(record.name)} />
            </Form.Item>
          </Col>
        )}
        <Col xs={8} md={4}>
          <Form.Item name={[...prefix, "prefix"]} label={t("fields.prefix")}>
            <Select allowClear options={options(contactPrefixes, "prefixes")} />
          </Form.Item>
        </Col>
        <Col xs={16} md={withCompany ? 8 : 10}>
          <Form.Item
            name={[...prefix, "firstName"]}
            label={t("fields.firstName")}
            rules={[required("firstName"), { whitespace: true, message: t("rules.required", { field: t("fields.firstName") }) }]}
          >
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={24} md={withCompany ? 12 : 10}>
          <Form.Item name={[...prefix, "lastName"]} label={t("fields.lastName")}>
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[...prefix, "gender"]} label={t("fields.gender")}>
            <Select allowClear options={options(contactGenders, "genders")} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[...prefix, "status"]} label={t("fields.status")}>
            <Select options={options(contactStatuses, "status")} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[...prefix, "roleType"]} label={t("fields.roleType")}>
            <Select allowClear options={options(contactRoleTypes, "roleTypes")} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[...prefix, "position"]} label={t("fields.position")}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[...prefix, "title"]} label={t("fields.title")}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[...prefix, "department"]} label={t("fields.department")}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[...prefix, "remarks"]} label={t("fields.remarks")}>
            <Input.TextArea rows={1} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t("fields.channels")} required>
        <ChannelsEditor form={form} listName={[...prefix, "channels"]} absolute={[...absolute, "channels"]} />
      </Form.Item>
    </>
  );
}
