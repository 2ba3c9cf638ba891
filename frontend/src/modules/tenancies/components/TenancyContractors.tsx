import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Typography } from "antd";
import { DeleteOutlined, EditOutlined, MailOutlined, PlusOutlined } from "@ant-design/icons";
import { subject } from "@casl/ability";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../components/format";
import { api } from "../../../providers/api";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { useSession } from "../../../providers/session";
import {
  contractorRowErrors,
  contractorTypes,
  sortContractorTypes,
  tenancyContractorsPath,
  type ContractorField,
} from "../../../../../backend/src/modules/tenancies/services/tenancy-contractors/tenancy-contractors.shared";
import { TenancyRowsTable } from "./TenancyRowsTable";

interface ContractorRecord {
  id: number;
  tenancyId: number;
  userId: number | null;
  userAccount: string | null;
  firstName: string;
  lastName: string;
  contractorType: string;
  companyName: string;
  officeTel: string | null;
  mobile: string;
  lastInviteAt: string | null;
  lastLoginAt: string | null;
  updatedAt: string;
}

const fields: ContractorField[] = ["userAccount", "firstName", "lastName", "contractorType", "companyName", "mobile"];

/**
 * A tenancy's contractors for standalone work permits (spec §3 "Tenancy contractor row", §5): the
 * rows with user account, name, type (OTHER last), company, office phone, mobile, last invitation
 * and last login. A row is edited in a dialog (cancel leaves the stored row as it was) and checked
 * by the same rules as the server (`contractorRowErrors`) before it is sent; invite makes its
 * user account the tenancy's contractor.
 */
export function TenancyContractors({ tenancyId }: { tenancyId?: number }) {
  const { t } = useTranslation("tenancy-contractors");
  useSession((s) => s.rules);
  const [editing, setEditing] = useState<ContractorRecord | "new" | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const { result, query } = useList<ContractorRecord>({
    resource: tenancyContractorsPath,
    filters: tenancyId ? [{ field: "tenancyId", operator: "eq", value: tenancyId }] : [],
    pagination: { mode: "off" },
  });
  const ability = currentAbility();
  const may = (action: string, record?: ContractorRecord) =>
    ability.can(action, record ? (subject(tenancyContractorsPath, { ...record }) as any) : tenancyContractorsPath);
  const rows = result?.data ?? [];

  const call = async (operation: string, run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      notifySuccess(done);
      await query.refetch();
      return true;
    } catch (error) {
      notifyError(operation, error);
      return false;
    }
  };

  const save = async (values: Record<string, string>) => {
    setSaving(true);
    const body = { ...values, officeTel: values.officeTel || null, userAccount: values.userAccount || null };
    const ok =
      editing === "new"
        ? await call(
            "tenancy-contractors.create",
            () => api(tenancyContractorsPath, { method: "POST", body: { ...(tenancyId ? { tenancyId } : {}), ...body }, action: "tenancy-contractors.create" }),
            t("saved"),
          )
        : await call(
            "tenancy-contractors.patch",
            () =>
              api(`${tenancyContractorsPath}/${(editing as ContractorRecord).id}`, {
                method: "PATCH",
                body: { ...body, updatedAt: (editing as ContractorRecord).updatedAt },
                action: "tenancy-contractors.patch",
              }),
            t("saved"),
          );
    setSaving(false);
    if (ok) setEditing(null);
  };

  /** One rule per field, read from the shared row check over the whole form. */
  const rule = (field: ContractorField) => ({
    validator: () => (contractorRowErrors(form.getFieldsValue()).includes(field) ? Promise.reject(new Error(t(`invalid.${field}`))) : Promise.resolve()),
  });

  const actions = (record: ContractorRecord) => (
    <Space size={4} wrap>
      {may("update", record) && (
        <Button size="small" icon={<EditOutlined />} aria-label={t("actions.edit")} onClick={() => setEditing(record)} data-testid="contractor-edit" />
      )}
      {may("invite", record) && record.userAccount && (
        <Popconfirm
          title={t("confirmInvite", { email: record.userAccount })}
          okText={t("actions.invite")}
          cancelText={t("actions.cancel")}
          onConfirm={() =>
            call(
              "tenancy-contractors.invite",
              () =>
                api(tenancyContractorsPath, {
                  method: "POST",
                  body: { id: record.id, updatedAt: record.updatedAt },
                  headers: { "X-Service-Method": "invite" },
                  action: "tenancy-contractors.invite",
                }),
              t("invited", { email: record.userAccount }),
            )
          }
        >
          <Button size="small" icon={<MailOutlined />} data-testid="contractor-invite">
            {t("actions.invite")}
          </Button>
        </Popconfirm>
      )}
      {may("delete", record) && (
        <Popconfirm
          title={t("confirmRemove", { name: `${record.firstName} ${record.lastName}` })}
          okText={t("actions.remove")}
          cancelText={t("actions.cancel")}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            call(
              "tenancy-contractors.remove",
              () => api(`${tenancyContractorsPath}/${record.id}`, { method: "DELETE", action: "tenancy-contractors.remove" }),
              t("removed"),
            )
          }
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("actions.remove")} />
        </Popconfirm>
      )}
    </Space>
  );
  const name = (record: ContractorRecord) => `${record.firstName} ${record.lastName}`;

  return (
    <>
      <TenancyRowsTable<ContractorRecord>
        testId="tenancy-contractors"
        style={{ marginTop: 24 }}
        title={t("title")}
        add={
          may("create") && (
            <Button icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="contractor-add">
              {t("actions.add")}
            </Button>
          )
        }
        rows={rows}
        loading={query.isLoading}
        columns={
          <>
            <Table.Column<ContractorRecord> key="name" title={t("fields.name")} render={(_, record) => name(record)} />
            <Table.Column dataIndex="userAccount" title={t("fields.userAccount")} />
            <Table.Column dataIndex="contractorType" title={t("fields.contractorType")} render={(type: string) => t(`types.${type}`)} />
            <Table.Column dataIndex="companyName" title={t("fields.companyName")} />
            <Table.Column dataIndex="officeTel" title={t("fields.officeTel")} />
            <Table.Column dataIndex="mobile" title={t("fields.mobile")} />
            <Table.Column
              dataIndex="lastInviteAt"
              title={t("fields.lastInviteAt")}
              render={(value: string | null) => <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(value)}</span>}
            />
            <Table.Column
              dataIndex="lastLoginAt"
              title={t("fields.lastLogin")}
              render={(value: string | null) => <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(value)}</span>}
            />
            <Table.Column<ContractorRecord> key="actions" title={t("fields.actions")} render={(_, record) => actions(record)} />
          </>
        }
        card={(record) => (
          <Space direction="vertical" size={2}>
            <span>
              {name(record)} · {t(`types.${record.contractorType}`)}
            </span>
            <Typography.Text type="secondary">{record.companyName}</Typography.Text>
            <Typography.Text type="secondary">{[record.userAccount, record.mobile, record.officeTel].filter(Boolean).join(" · ")}</Typography.Text>
            <Typography.Text type="secondary">
              {t("fields.lastInviteAt")}: {formatDateTime(record.lastInviteAt) || "—"} · {t("fields.lastLogin")}: {formatDateTime(record.lastLoginAt) || "—"}
            </Typography.Text>
            {actions(record)}
          </Space>
        )}
      />
      <Modal
        open={editing !== null}
        title={editing === "new" ? t("addTitle") : t("editTitle")}
        okText={t("actions.save")}
        cancelText={t("actions.cancel")}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        okButtonProps={{ "data-testid": "contractor-form-submit" } as any}
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={editing && editing !== "new" ? editing : { contractorType: "MAIN" }}
          onFinish={(values) => void save(values)}
        >
          {fields
            .filter((field) => field !== "mobile")
            .map((field) => (
              <Form.Item key={field} name={field} label={t(`fields.${field}`)} required={field !== "userAccount"} rules={[rule(field)]}>
                {field === "contractorType" ? (
                  <Select options={sortContractorTypes(contractorTypes).map((type) => ({ value: type, label: t(`types.${type}`) }))} />
                ) : (
                  <Input
                    maxLength={field === "companyName" ? 200 : field === "userAccount" ? 255 : 100}
                    inputMode={field === "userAccount" ? "email" : undefined}
                  />
                )}
              </Form.Item>
            ))}
          <Form.Item name="officeTel" label={t("fields.officeTel")}>
            <Input maxLength={50} inputMode="tel" />
          </Form.Item>
          <Form.Item name="mobile" label={t("fields.mobile")} required rules={[rule("mobile")]}>
            <Input maxLength={30} inputMode="tel" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
