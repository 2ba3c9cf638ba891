import { useState } from "react";
import { useCan, useList, useOne, type BaseRecord } from "@refinedev/core";
import { Button, DatePicker, Modal, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { moveWorkflow, type MoveStatus } from "../../../../../backend/src/modules/tenancies/services/moves/move.workflow";
import { dateInputFormat, formatDate } from "../../../components/format";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { MoveForm } from "./MoveForm";

const statusColor: Record<MoveStatus, string> = { RECORDED: "default", CLOSED: "orange", REOPENED: "green" };

/**
 * A tenancy's move-in, move-out and temporary-close records (spec §3), newest first, in the
 * tenancy information tab: staff with `moves` read see them; create, update (with reopen, from the
 * workflow table) and delete as their rights allow. Updates live.
 */
export function MovesSection({ record }: { record: Record<string, any> }) {
  const { t } = useTranslation("moves");
  const { data: mayRead } = useCan({ resource: "moves", action: "list" });
  const { data: mayCreate } = useCan({ resource: "moves", action: "create" });
  const { data: mayUpdate } = useCan({ resource: "moves", action: "update" });
  const { data: mayDelete } = useCan({ resource: "moves", action: "delete" });
  const building = useOne<{ floors?: string[] }>({
    resource: "buildings",
    id: record.buildingId,
    queryOptions: { enabled: Boolean(record.buildingId && mayRead?.can) },
  });
  const moves = useList<BaseRecord>({
    resource: "moves",
    filters: [{ field: "tenancyId", operator: "eq", value: record.id }],
    pagination: { pageSize: 100, mode: "server" },
    queryOptions: { enabled: Boolean(mayRead?.can) },
  });
  const [editing, setEditing] = useState<{ move?: Record<string, any> } | null>(null);
  const [reopening, setReopening] = useState<Record<string, any> | null>(null);
  const [reopenDate, setReopenDate] = useState<Dayjs | null>(null);
  if (!mayRead?.can) return null;
  const refresh = () => void moves.query.refetch();

  const reopen = async () => {
    if (!reopening || !reopenDate) return;
    try {
      await api("moves", {
        method: "POST",
        body: { id: reopening.id, updatedAt: reopening.updatedAt, reopenDate: reopenDate.format("YYYY-MM-DD") },
        headers: { "X-Service-Method": "reopen" },
        action: "moves.reopen",
      });
      notifySuccess(t("done.reopened"));
      setReopening(null);
      refresh();
    } catch (error) {
      notifyError("moves.reopen", error);
    }
  };
  const remove = async (id: number) => {
    try {
      await api(`moves/${id}`, { method: "DELETE", action: "moves.remove" });
      notifySuccess(t("done.deleted"));
      refresh();
    } catch (error) {
      notifyError("moves.remove", error);
    }
  };

  return (
    <section data-testid="moves" style={{ marginTop: 24 }}>
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 8 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("title")}
        </Typography.Title>
        {mayCreate?.can && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="add-move">
            {t("add")}
          </Button>
        )}
      </Space>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        // As wide as its content: the table scrolls, and the actions stay at its right edge (they were cut at 1,440 px).
        scroll={{ x: "max-content" }}
        loading={moves.query.isLoading}
        dataSource={moves.result?.data ?? []}
        locale={{ emptyText: t("none") }}
        columns={[
          { title: t("fields.kind"), dataIndex: "kind", render: (kind: string) => t(`kinds.${kind}`) },
          { title: t("fields.date"), dataIndex: "date", render: formatDate },
          { title: t("fields.floor"), dataIndex: "floor" },
          { title: t("fields.premises"), dataIndex: "premises" },
          { title: t("fields.businessDate"), dataIndex: "businessDate", render: formatDate },
          { title: t("fields.reopenDate"), dataIndex: "reopenDate", render: formatDate },
          { title: t("fields.duration"), dataIndex: "duration", render: (count: number | null) => (count == null ? "" : t("days", { count })) },
          { title: t("fields.status"), dataIndex: "status", render: (status: MoveStatus) => <Tag color={statusColor[status]}>{t(`status.${status}`)}</Tag> },
          { title: t("fields.remarks"), dataIndex: "remarks", ellipsis: true, width: 240 },
          {
            key: "actions",
            fixed: "right" as const,
            render: (_: unknown, move: BaseRecord) => (
              <Space size="small" wrap={false}>
                {mayUpdate?.can &&
                  moveWorkflow.actionsFrom(move.status).map((action) => (
                    <Button key={action} size="small" onClick={() => (setReopening(move), setReopenDate(null))}>
                      {t(`actions.${action}`)}
                    </Button>
                  ))}
                {mayUpdate?.can && (
                  <Button size="small" onClick={() => setEditing({ move })}>
                    {t("actions.edit")}
                  </Button>
                )}
                {mayDelete?.can && (
                  <Popconfirm
                    title={t("confirmDelete")}
                    okText={t("actions.delete")}
                    cancelText={t("actions.cancel")}
                    onConfirm={() => remove(Number(move.id))}
                  >
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
      <MoveForm
        tenancyId={record.id}
        floors={building.query.data?.data?.floors ?? []}
        move={editing?.move}
        open={Boolean(editing)}
        onClose={() => {
          setEditing(null);
          refresh();
        }}
      />
      <Modal
        open={Boolean(reopening)}
        title={t("actions.reopen")}
        okText={t("actions.reopen")}
        cancelText={t("actions.cancel")}
        okButtonProps={{ disabled: !reopenDate }}
        onOk={reopen}
        onCancel={() => setReopening(null)}
      >
        <DatePicker
          aria-label={t("fields.reopenDate")}
          placeholder={t("fields.reopenDate")}
          format={dateInputFormat()}
          value={reopenDate}
          onChange={setReopenDate}
          style={{ width: "100%" }}
        />
      </Modal>
    </section>
  );
}
