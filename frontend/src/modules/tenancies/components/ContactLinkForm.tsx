import { useEffect } from "react";
import { useSelect } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Checkbox, Form, Input, InputNumber, Modal, Select, Space, type SelectProps } from "antd";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { changeLink, contactName, flagRoles, linkContact } from "./tenancyContacts";

/** A contact of the tenancy's company, found by name, phone or e-mail. */
function CompanyContactSelect({ companyId, ...rest }: { companyId: number; value?: number; onChange?: (value: number) => void }) {
  const { t } = useTranslation("tenancies");
  const { selectProps } = useSelect<BaseRecord>({
    resource: "ccdcontacts",
    optionLabel: ((record: BaseRecord) => contactName(record as never)) as never,
    optionValue: "id" as never,
    filters: [{ field: "companyId", operator: "eq", value: companyId }],
    pagination: { pageSize: 50, mode: "server" },
    debounce: 300,
    onSearch: (text) => [{ field: "q", operator: "eq", value: text.trim() || undefined }],
  });
  return (
    <Select
      {...(selectProps as SelectProps)}
      {...(rest as SelectProps)}
      showSearch
      filterOption={false}
      placeholder={t("contacts.pickContact")}
      data-testid="contact-select"
    />
  );
}

/**
 * Links a contact with its roles, or changes a link's roles (spec "Tenancy contact link"): the
 * roles, the emergency call places in and out of office hours (an emergency contact has one or
 * both), primary (circular only), floor and remarks. A stale change is answered 428 and said so.
 */
export function ContactLinkForm({
  tenancy,
  link,
  open,
  onClose,
  onSaved,
}: {
  tenancy: Record<string, any>;
  link: Record<string, any> | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation("tenancies");
  const [form] = Form.useForm();
  const circular = Form.useWatch("isCircular", form);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (link)
      form.setFieldsValue({ ...link, workingHourOrder: link.workingHourOrder ?? undefined, nonWorkingHourOrder: link.nonWorkingHourOrder ?? undefined });
  }, [open, link, form]);
  const save = async () => {
    const values = await form.validateFields();
    const body: Record<string, unknown> = {};
    for (const role of flagRoles) body[role] = Boolean(values[role]);
    body.cPrimary = Boolean(values.cPrimary && values.isCircular);
    body.workingHourOrder = values.workingHourOrder ?? null;
    body.nonWorkingHourOrder = values.nonWorkingHourOrder ?? null;
    body.cFloor = values.cFloor || null;
    body.oRemarks = values.oRemarks || null;
    try {
      if (link) await changeLink(link.id, { ...body, updatedAt: link.updatedAt });
      else await linkContact({ ...body, tenancyId: tenancy.id, ccdContactId: values.ccdContactId });
      notifySuccess(t(link ? "contacts.changed" : "contacts.linked"));
      onSaved();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 428) onSaved();
      notifyError(link ? "tenancy-contacts.patch" : "tenancy-contacts.create", error);
    }
  };
  return (
    <Modal
      open={open}
      title={link ? t("contacts.editTitle", { name: contactName(link.contact) }) : t("contacts.linkTitle")}
      okText={t("contacts.save")}
      cancelText={t("actions.cancel")}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="contact-link-form">
        {!link && (
          <Form.Item name="ccdContactId" label={t("contacts.contact")} rules={[{ required: true, message: t("contacts.pickContact") }]}>
            <CompanyContactSelect companyId={tenancy.companyId} />
          </Form.Item>
        )}
        <Form.Item label={t("contacts.roles")}>
          <Space wrap>
            {flagRoles.map((role) => (
              <Form.Item key={role} name={role} valuePropName="checked" noStyle>
                <Checkbox data-testid={`role-${role}`}>{t(`contacts.role.${role}`)}</Checkbox>
              </Form.Item>
            ))}
          </Space>
        </Form.Item>
        <Form.Item name="cPrimary" valuePropName="checked">
          <Checkbox disabled={!circular} data-testid="role-cPrimary">
            {t("contacts.primary")}
          </Checkbox>
        </Form.Item>
        <Space wrap>
          <Form.Item name="workingHourOrder" label={t("contacts.workingHourOrder")} tooltip={t("contacts.orderHint")}>
            <InputNumber min={1} max={999} precision={0} style={{ width: 160 }} data-testid="working-order" />
          </Form.Item>
          <Form.Item name="nonWorkingHourOrder" label={t("contacts.nonWorkingHourOrder")} tooltip={t("contacts.orderHint")}>
            <InputNumber min={1} max={999} precision={0} style={{ width: 160 }} data-testid="non-working-order" />
          </Form.Item>
        </Space>
        <Form.Item name="cFloor" label={t("contacts.floor")}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="oRemarks" label={t("contacts.remarks")}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
