import { useState } from "react";
import { useList, type BaseRecord } from "@refinedev/core";
import { Button, Empty, Form, Modal, Select, Space, Tag, Typography } from "antd";
import { TeamOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { callMethod } from "../api";
import { formatDateTime } from "../format";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { useManagesTender } from "./useTenderBids";

const DECIDED = ["AWARDED", "REGRETTED", "CANCELLED", "DECLINED"];

interface Account {
  userId: number;
  username: string;
  displayName?: string | null;
  invitedAt: string;
}

/**
 * The tender's representatives (spec §6: users listed in the tender accounts with invitedAt).
 * Who runs the tender changes the list until it is decided; candidates come from the server
 * (`tender-reviewers`: staff or vendor TenderAccount users holding "review as tender
 * representative"), which checks each again on save (REPRESENTATIVE_INVALID).
 */
export function TenderRepresentatives({ tender, onDone }: { tender: Record<string, any>; onDone: () => void }) {
  const { t } = useTranslation("tenders");
  const manages = useManagesTender(tender);
  const editable = manages && !DECIDED.includes(tender.status);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ userIds: number[] }>();
  const accounts = (tender.accounts ?? []) as Account[];
  const { query } = useList<BaseRecord>({ resource: "tender-reviewers", pagination: { mode: "off" }, queryOptions: { enabled: open }, liveMode: "off" });
  const options = (query.data?.data ?? [])
    .filter((user) => String(user.id) !== String(tender.managedBy))
    .map((user) => ({ value: user.id as number, label: `${user.displayName ?? user.username} (${user.username})` }));

  const save = async () => {
    setBusy(true);
    try {
      const { userIds } = await form.validateFields();
      await callMethod("tenders", "setAccounts", { id: tender.id, updatedAt: tender.updatedAt, userIds: userIds ?? [] });
      notifySuccess(t("representatives.done"));
      setOpen(false);
      onDone();
    } catch (error) {
      if (!(error as { errorFields?: unknown }).errorFields) notifyError("tenders.setAccounts", error);
    } finally {
      setBusy(false);
    }
  };

  if (!accounts.length && !editable) return null;
  return (
    <div data-testid="representatives" style={{ marginTop: 16 }}>
      <Space wrap align="center">
        <TeamOutlined />
        <Typography.Text strong>{t("representatives.title")}</Typography.Text>
        {accounts.length === 0 && <Typography.Text type="secondary">{t("representatives.none")}</Typography.Text>}
        {accounts.map((account) => (
          <Tag key={account.userId} data-testid="representative">
            {account.displayName ?? account.username} · {t("representatives.invitedAt", { date: formatDateTime(account.invitedAt) })}
          </Tag>
        ))}
        {editable && (
          <Button
            size="small"
            onClick={() => {
              form.setFieldsValue({ userIds: accounts.map((a) => a.userId) });
              setOpen(true);
            }}
            data-testid="edit-representatives"
          >
            {t("representatives.edit")}
          </Button>
        )}
      </Space>
      <Modal
        open={open}
        title={t("representatives.title")}
        okText={t("actions.save")}
        cancelText={t("actions.close")}
        confirmLoading={busy}
        onOk={save}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        forceRender
      >
        <Typography.Paragraph type="secondary">{t("representatives.help")}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item name="userIds" label={t("representatives.users")}>
            <Select
              mode="multiple"
              options={options}
              loading={query.isLoading}
              showSearch
              optionFilterProp="label"
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("representatives.noCandidates")} />}
              data-testid="representative-select"
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
