import { useState } from "react";
import { useCan, useDelete, useList, type BaseRecord } from "@refinedev/core";
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { formatDateTime } from "../../../components/format";
import { contractorTypes, mobileValid } from "../../../../../backend/src/modules/projects/services/project-contractors/project-contractors.shared";

interface ContractorValues {
  contractorType: string;
  typeDesc?: string;
  companyName: string;
  firstName: string;
  lastName: string;
  phone: string;
  altPhone?: string;
  email?: string;
}

/**
 * The project's contractors (spec §3 Contractor; tab contractorInfo): by type with OTHER last,
 * each with its primary contact. The project's vendor adds, removes and invites them (the
 * primary contact gets a mail); staff and the main contractor of another company (`readOnly`) read
 * them. A contact whose account is of another company says which. Refreshes live.
 */
export function ContractorsTab({ project, staff, readOnly = false }: { project: Record<string, any>; staff: boolean; readOnly?: boolean }) {
  const { t } = useTranslation("projects");
  const { data: mayCreate } = useCan({ resource: "project-contractors", action: "create" });
  const editable = !staff && !readOnly && Boolean(mayCreate?.can) && ["ACTIVE", "COMPLETED"].includes(project.status);
  const { result, query } = useList<BaseRecord>({
    resource: "project-contractors",
    filters: [{ field: "projectId", operator: "eq", value: project.id }],
    pagination: { mode: "off" },
  });
  const { mutateAsync: remove } = useDelete();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ContractorValues>();
  const type = Form.useWatch("contractorType", form);
  const add = async (values: ContractorValues) => {
    setSaving(true);
    try {
      await api("project-contractors", { method: "POST", action: "project-contractors.create", body: { ...values, projectId: project.id } });
      notifySuccess(t("contractors.added"));
      setOpen(false);
      void query.refetch();
    } catch (error) {
      notifyError("project-contractors.create", error);
    } finally {
      setSaving(false);
    }
  };
  const invite = async (contractor: BaseRecord) => {
    try {
      await api("project-contractors", {
        method: "POST",
        action: "project-contractors.invite",
        headers: { "X-Service-Method": "invite" },
        body: { id: contractor.id, updatedAt: contractor.updatedAt },
      });
      notifySuccess(t("contractors.invited"));
      void query.refetch();
    } catch (error) {
      notifyError("project-contractors.invite", error);
    }
  };
  const phoneRule = (required: boolean) => ({
    validator: async (_rule: unknown, value?: string) => {
      if (!value?.trim()) return required ? Promise.reject(new Error(t("contractors.rules.phone"))) : undefined;
      if (!mobileValid(value)) throw new Error(t("contractors.rules.phone"));
    },
  });
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {editable && (
        <Button icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="contractor-add">
          {t("contractors.add")}
        </Button>
      )}
      <Table<BaseRecord>
        dataSource={result?.data ?? []}
        loading={query.isLoading}
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 800 }}
        onRow={() => ({ "data-testid": "contractor-row" }) as never}
        locale={{ emptyText: t("tabs.empty.contractorInfo") }}
      >
        <Table.Column<BaseRecord>
          dataIndex="contractorType"
          title={t("contractors.fields.contractorType")}
          render={(value, record) => (
            <Tag color={value === "MAIN" ? "blue" : undefined}>
              {value === "OTHER" && record.typeDesc ? `${t(`contractors.types.${value}`)}: ${record.typeDesc}` : t(`contractors.types.${value}`)}
            </Tag>
          )}
        />
        <Table.Column dataIndex="companyName" title={t("contractors.fields.companyName")} />
        <Table.Column<BaseRecord>
          key="contact"
          title={t("contractors.fields.primaryContact")}
          render={(_, record) => (
            <>
              {`${record.firstName} ${record.lastName}`}
              {record.contactCompanyName && (
                <Tag color="orange" style={{ marginInlineStart: 8 }} data-testid="contact-other-company">
                  {t("contractors.otherCompany", { company: record.contactCompanyName })}
                </Tag>
              )}
            </>
          )}
        />
        <Table.Column dataIndex="phone" title={t("contractors.fields.phone")} />
        <Table.Column dataIndex="altPhone" title={t("contractors.fields.altPhone")} />
        <Table.Column dataIndex="email" title={t("contractors.fields.email")} />
        <Table.Column dataIndex="invitedAt" title={t("contractors.fields.invitedAt")} render={formatDateTime} />
        {editable && (
          <Table.Column<BaseRecord>
            key="actions"
            render={(_, record) => (
              <Space>
                <Button size="small" disabled={!record.email} onClick={() => void invite(record)}>
                  {t("contractors.invite")}
                </Button>
                <Popconfirm
                  title={t("contractors.confirmRemove")}
                  okText={t("actions.confirm")}
                  cancelText={t("actions.back")}
                  onConfirm={() =>
                    remove({ resource: "project-contractors", id: record.id as number, successNotification: false })
                      .then(() => query.refetch())
                      .catch((error) => notifyError("project-contractors.remove", error))
                  }
                >
                  <Button size="small" danger>
                    {t("contractors.remove")}
                  </Button>
                </Popconfirm>
              </Space>
            )}
          />
        )}
      </Table>
      <Modal
        open={open}
        title={t("contractors.add")}
        okText={t("actions.save")}
        cancelText={t("actions.back")}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<ContractorValues> form={form} layout="vertical" validateTrigger="onBlur" preserve={false} onFinish={add} initialValues={{ contractorType: "AC" }}>
          <Form.Item name="contractorType" label={t("contractors.fields.contractorType")} rules={[{ required: true }]}>
            <Select options={contractorTypes.map((value) => ({ value, label: t(`contractors.types.${value}`) }))} />
          </Form.Item>
          {type === "OTHER" && (
            <Form.Item
              name="typeDesc"
              label={t("contractors.fields.typeDesc")}
              rules={[{ required: true, whitespace: true, message: t("contractors.rules.typeDesc") }]}
            >
              <Input maxLength={255} />
            </Form.Item>
          )}
          <Form.Item
            name="companyName"
            label={t("contractors.fields.companyName")}
            rules={[{ required: true, whitespace: true, message: t("contractors.rules.required") }]}
          >
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item
            name="firstName"
            label={t("contractors.fields.firstName")}
            rules={[{ required: true, whitespace: true, message: t("contractors.rules.required") }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="lastName"
            label={t("contractors.fields.lastName")}
            rules={[{ required: true, whitespace: true, message: t("contractors.rules.required") }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="phone" label={t("contractors.fields.phone")} rules={[phoneRule(true)]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="altPhone" label={t("contractors.fields.altPhone")} rules={[phoneRule(false)]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="email" label={t("contractors.fields.email")} rules={[{ type: "email", message: t("contractors.rules.email") }]}>
            <Input maxLength={255} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
