import { useState } from "react";
import { useCan, useList, useOne, type BaseRecord } from "@refinedev/core";
import { Button, Popconfirm, Space, Table, Tag } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { subject } from "@casl/ability";
import { useTranslation } from "react-i18next";
import { formatAmount, formatDate } from "../../../components/format";
import { api } from "../../../providers/api";
import { currentAbility } from "../../../providers/access-control";
import { useSession } from "../../../providers/session";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { GreenDocuments } from "./GreenDocuments";
import { GreenOperationForm } from "./GreenOperationForm";

/** Spec §2: the sustainability tab shows only when the region has green operation on and the user reads its records. */
export function useSustainabilityShown(): boolean {
  const enabled = useSession((s) => s.regions.find((region) => region.code === s.region)?.features?.includes("GREEN_OPERATION") ?? false);
  const { data: may } = useCan({ resource: "green-operations", action: "list" });
  return enabled && Boolean(may?.can);
}

/**
 * The sustainability initiatives tab (spec §2, §3 green operation): a tenancy's green operation
 * records, newest start first, each with its documents by type (expand a row); staff with the
 * rights add, edit, delete and upload; a tenant reads its own and, with the update right, reports
 * its floor, month and reading and uploads documents.
 */
export function GreenOperationsTab({ record }: { record: Record<string, any> }) {
  const { t } = useTranslation("green-operations");
  const { data: mayCreate } = useCan({ resource: "green-operations", action: "create" });
  const { data: mayUpdate } = useCan({ resource: "green-operations", action: "update" });
  const { data: mayDelete } = useCan({ resource: "green-operations", action: "delete" });
  const me = useSession((s) => s.user);
  useSession((s) => s.rules);
  // A tenant updates its own tenancy's records (the fields its rule names) and takes back only the documents it uploaded.
  const mayUpdateRow = (row: BaseRecord) => currentAbility().can("update", subject("green-operations", { ...row }) as any);
  const removable = (document: { uploadedBy: number | null }) => me?.portal === "staff" || document.uploadedBy === Number(me?.id);
  const building = useOne<{ floors?: string[] }>({
    resource: "buildings",
    id: record.buildingId,
    queryOptions: { enabled: Boolean(record.buildingId && (mayCreate?.can || mayUpdate?.can)) },
  });
  const list = useList<BaseRecord>({
    resource: "green-operations",
    filters: [{ field: "tenancyId", operator: "eq", value: record.id }],
    pagination: { pageSize: 100, mode: "server" },
  });
  const [editing, setEditing] = useState<{ record?: Record<string, any> } | null>(null);
  const refresh = () => void list.query.refetch();
  const remove = async (id: number) => {
    try {
      await api(`green-operations/${id}`, { method: "DELETE", action: "green-operations.remove" });
      notifySuccess(t("done.deleted"));
      refresh();
    } catch (error) {
      notifyError("green-operations.remove", error);
    }
  };

  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="green-operations">
      {mayCreate?.can && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="add-green">
          {t("add")}
        </Button>
      )}
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 900 }}
        loading={list.query.isLoading}
        dataSource={list.result?.data ?? []}
        locale={{ emptyText: t("none") }}
        expandable={{
          expandedRowRender: (row) => (
            <GreenDocuments recordId={Number(row.id)} mayChange={Boolean(mayUpdate?.can) && mayUpdateRow(row)} removable={removable} />
          ),
          columnTitle: t("fields.documents"),
        }}
        columns={[
          { title: t("fields.startDate"), dataIndex: "startDate", render: formatDate },
          { title: t("fields.validityMonths"), dataIndex: "validityMonths" },
          { title: t("fields.expiryDate"), dataIndex: "expiryDate", render: formatDate },
          {
            title: t("fields.status"),
            dataIndex: "status",
            render: (status: string) => <Tag color={status === "VALID" ? "green" : "default"}>{t(`status.${status}`)}</Tag>,
          },
          { title: t("fields.floor"), dataIndex: "floor" },
          { title: t("fields.month"), dataIndex: "month" },
          { title: t("fields.reading"), dataIndex: "reading", render: (value: number | null) => (value == null ? "" : formatAmount(value)) },
          {
            title: t("fields.assessment"),
            dataIndex: "assessment",
            render: (sections: string[]) => sections.map((section) => <Tag key={section}>{t(`sections.${section}`)}</Tag>),
          },
          { title: t("fields.recognitionCount"), dataIndex: "recognitionCount" },
          {
            key: "actions",
            render: (_: unknown, row: BaseRecord) => (
              <Space size="small">
                {mayUpdate?.can && mayUpdateRow(row) && (
                  <Button size="small" onClick={() => setEditing({ record: row })} data-testid="edit-green">
                    {t("actions.edit")}
                  </Button>
                )}
                {mayDelete?.can && (
                  <Popconfirm title={t("confirmDelete")} okText={t("actions.delete")} cancelText={t("actions.cancel")} onConfirm={() => remove(Number(row.id))}>
                    <Button size="small" danger>
                      {t("actions.delete")}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <GreenOperationForm
        tenancyId={record.id}
        floors={building.query.data?.data?.floors ?? []}
        record={editing?.record}
        open={Boolean(editing)}
        onClose={() => {
          setEditing(null);
          refresh();
        }}
      />
    </Space>
  );
}
