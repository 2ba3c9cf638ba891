import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Descriptions, Drawer, Grid, Popconfirm, Space, Table, Typography } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { StatusTag } from "../../../components/StatusTag";
import { formatDate } from "../../../components/format";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { contractSums } from "../../../../../backend/src/modules/projects/claims/schedule-of-values.shared";
import {
  changeOrderRejectReasonMaxLength,
  isChangeOrderStaff,
  isChangeOrderVendor,
  isValidChangeOrderRejectReason,
  type ChangeOrderAction,
} from "../../../../../backend/src/modules/projects/services/project-change-orders/project-change-order.workflow";
import { amountText, CHANGE_ORDERS, moveChangeOrder, removeChangeOrder, useClaimActor, type ChangeOrder, type ScheduleRow, type Submission } from "./api";
import { ChangeOrderForm } from "./ChangeOrderForm";
import { ReasonDialog } from "../../../components/ReasonDialog";

const NS = "project-change-orders";

/**
 * A project's change orders (issue 27 item 3) under its schedule of values: the contract sum to
 * date (G702 lines 1 to 3, the approved change orders in it), the list (number, date, reason, net
 * change, status), a draft made or changed in a drawer with its lines, and the moves open to the
 * user (the server's `actions`: submit for its preparers, approve and reject for the staff in charge).
 */
export function ChangeOrders({
  project,
  schedule,
  claims,
  onChanged,
}: {
  project: Record<string, any>;
  schedule: ScheduleRow[];
  claims: Submission[];
  onChanged: () => void;
}) {
  const { t } = useTranslation(NS);
  const actor = useClaimActor();
  const screens = Grid.useBreakpoint();
  const [editing, setEditing] = useState<ChangeOrder | "new" | null>(null);
  const list = useList<ChangeOrder>({
    resource: CHANGE_ORDERS,
    filters: [{ field: "projectId", operator: "eq", value: project.id }],
    sorters: [{ field: "number", order: "asc" }],
    pagination: { mode: "server", pageSize: 500 },
  });
  const rows = list.result?.data ?? [];
  const facts = { status: "DRAFT" as const, vendorId: project.companyId ?? null, managedBy: project.managedBy ?? null, projectStatus: project.status };
  const mayPrepare =
    schedule.length > 0 &&
    ["ACTIVE", "COMPLETED"].includes(project.status) &&
    Boolean(actor) &&
    (isChangeOrderVendor(facts, actor!) || isChangeOrderStaff(facts, actor!));
  const sums = contractSums(schedule);
  const changed = () => {
    void list.query.refetch();
    onChanged();
  };

  return (
    <Space direction="vertical" size="small" style={{ width: "100%" }} data-testid="change-orders">
      <Space wrap style={{ justifyContent: "space-between", width: "100%" }}>
        <Typography.Text strong>{t("title")}</Typography.Text>
        {mayPrepare && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="change-order-new">
            {t("new")}
          </Button>
        )}
      </Space>
      {schedule.length > 0 && (
        <Descriptions size="small" column={{ xs: 1, sm: 1, md: 3 }} bordered data-testid="contract-sums">
          <Descriptions.Item label={t("sums.original")}>
            <span style={{ whiteSpace: "nowrap" }}>{amountText(sums.originalContractSumCents)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t("sums.netChange")}>
            <span style={{ whiteSpace: "nowrap" }}>{amountText(sums.netChangeByChangeOrdersCents)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t("sums.toDate")}>
            <span style={{ whiteSpace: "nowrap" }} data-testid="contract-sum-to-date">
              {amountText(sums.contractSumToDateCents)}
            </span>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Table<ChangeOrder>
        dataSource={rows}
        loading={list.query.isLoading}
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: schedule.length ? t("empty") : t("noSchedule") }}
        onRow={() => ({ "data-testid": "change-order-row" }) as never}
      >
        <Table.Column<ChangeOrder> dataIndex="numberText" title={t("fields.number")} width={90} />
        <Table.Column<ChangeOrder> dataIndex="date" title={t("fields.date")} width={140} render={formatDate} />
        <Table.Column<ChangeOrder>
          dataIndex="reason"
          title={t("fields.reason")}
          render={(value, record) => (
            <Space direction="vertical" size={0}>
              <span>{value}</span>
              {record.status === "REJECTED" && record.rejectReason && (
                <Typography.Text type="danger">{t("rejectedBecause", { reason: record.rejectReason })}</Typography.Text>
              )}
            </Space>
          )}
        />
        <Table.Column<ChangeOrder> dataIndex="netChangeCents" title={t("fields.netChange")} align="right" width={130} render={amountText} />
        <Table.Column<ChangeOrder> dataIndex="status" title={t("fields.status")} width={110} render={(value) => <StatusTag status={value} resource={NS} />} />
        <Table.Column<ChangeOrder>
          key="actions"
          title={t("fields.actions")}
          render={(_value, record) => <RowActions changeOrder={record} onEdit={() => setEditing(record)} onDone={changed} />}
        />
      </Table>
      <Drawer
        open={editing !== null}
        title={editing === "new" ? t("form.createTitle") : editing ? t("form.editTitle", { number: editing.numberText }) : ""}
        width={screens.lg ? 900 : "100%"}
        onClose={() => setEditing(null)}
        destroyOnHidden
        data-testid="change-order-drawer"
      >
        {editing !== null && (
          <ChangeOrderForm
            project={project}
            changeOrder={editing === "new" ? null : editing}
            schedule={schedule}
            claims={claims}
            onSaved={() => {
              setEditing(null);
              changed();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Drawer>
    </Space>
  );
}

/** The moves open to the user on one change order, each confirmed; a rejection asks its reason. */
function RowActions({ changeOrder, onEdit, onDone }: { changeOrder: ChangeOrder; onEdit: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState<ChangeOrderAction | "remove" | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const remove = async () => {
    setBusy("remove");
    try {
      await removeChangeOrder(changeOrder);
      notifySuccess(t("done.removed", { number: changeOrder.numberText }));
      onDone();
    } catch (error) {
      notifyError(`${CHANGE_ORDERS}.remove`, error, changeOrder.numberText);
    } finally {
      setBusy(null);
    }
  };
  const run = async (action: ChangeOrderAction, extra: Record<string, unknown> = {}) => {
    setBusy(action);
    try {
      const saved = await moveChangeOrder(changeOrder, action, extra);
      notifySuccess(t(`done.${action}`, { number: saved.numberText }));
      setRejecting(false);
      onDone();
    } catch (error) {
      notifyError(`${CHANGE_ORDERS}.${action}`, error, changeOrder.numberText);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap size={4}>
      {changeOrder.editable && (
        <Button size="small" onClick={onEdit} data-testid="change-order-edit">
          {t("form.edit")}
        </Button>
      )}
      {changeOrder.editable && (
        <Popconfirm
          title={t("confirm.remove", { number: changeOrder.numberText })}
          okText={t("form.delete")}
          okButtonProps={{ danger: true }}
          cancelText={t("form.cancel")}
          onConfirm={remove}
        >
          <Button size="small" danger loading={busy === "remove"} data-testid="change-order-delete">
            {t("form.delete")}
          </Button>
        </Popconfirm>
      )}
      {changeOrder.actions.map((action) =>
        action === "reject" ? (
          <Button key={action} size="small" danger loading={busy === action} onClick={() => setRejecting(true)} data-testid="change-order-reject">
            {t("actions.reject")}
          </Button>
        ) : (
          <Popconfirm
            key={action}
            title={t(`confirm.${action}`, { number: changeOrder.numberText, amount: amountText(changeOrder.netChangeCents) })}
            okText={t(`actions.${action}`)}
            cancelText={t("form.cancel")}
            onConfirm={() => run(action)}
          >
            <Button size="small" type="primary" loading={busy === action} data-testid={`change-order-${action}`}>
              {t(`actions.${action}`)}
            </Button>
          </Popconfirm>
        ),
      )}
      <ReasonDialog
        open={rejecting}
        title={t("actions.reject")}
        cancelText={t("form.cancel")}
        label={t("reject.reason")}
        maxLength={changeOrderRejectReasonMaxLength}
        valid={isValidChangeOrderRejectReason}
        invalid={t("rules.rejectReason")}
        busy={busy === "reject"}
        testId="change-order-reject"
        onSubmit={(reason) => run("reject", { reason })}
        onCancel={() => setRejecting(false)}
      />
    </Space>
  );
}
