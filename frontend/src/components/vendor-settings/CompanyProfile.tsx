import { useEffect } from "react";
import { Alert, Button, Descriptions, Form, Input, Skeleton } from "antd";
import { useCan, useOne, useUpdate, type BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../providers/session";
import { notifySuccess } from "../../providers/notifications";

/** The vendor's own company: name, type and status as the landlord keeps them; the master edits how to reach it. */
export function CompanyProfile() {
  const { t } = useTranslation(["vendor-settings", "common"]);
  const companyId = useSession((s) => s.user?.companyId);
  const [form] = Form.useForm();
  const { result: company, query } = useOne<BaseRecord>({ resource: "companies", id: companyId ?? undefined, queryOptions: { enabled: companyId != null } });
  const { data: mayEdit } = useCan({ resource: "companies", action: "edit", params: { id: companyId ?? undefined } });
  const { mutateAsync: update, mutation } = useUpdate();
  useEffect(() => {
    if (company) form.setFieldsValue({ mailingName: company.mailingName, email: company.email, phone: company.phone });
  }, [company, form]);

  if (query.isLoading || !company) return <Skeleton active />;
  const save = async (values: Record<string, unknown>) => {
    await update({
      resource: "companies",
      id: company.id!,
      values: { ...values, email: values.email || null, updatedAt: company.updatedAt },
      meta: { action: "companies.update" },
      successNotification: false,
    });
    notifySuccess(t("profile.saved"));
  };

  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t("profile.name")}>{String(company.name)}</Descriptions.Item>
        <Descriptions.Item label={t("profile.type")}>{String(company.type)}</Descriptions.Item>
        <Descriptions.Item label={t("profile.status")}>{t(`common:status.${company.status}`, { defaultValue: String(company.status) })}</Descriptions.Item>
      </Descriptions>
      {!mayEdit?.can && <Alert type="info" showIcon message={t("profile.readOnly")} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={save} disabled={!mayEdit?.can} style={{ maxWidth: 560 }} data-testid="company-profile">
        <Form.Item name="mailingName" label={t("profile.mailingName")} rules={[{ max: 255 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t("profile.email")} rules={[{ type: "email" }, { max: 255 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t("profile.phone")} rules={[{ max: 50 }]}>
          <Input />
        </Form.Item>
        {mayEdit?.can && (
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t("profile.save")}
          </Button>
        )}
      </Form>
    </>
  );
}
