import { useState } from "react";
import { useList } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Drawer, Form, Grid, Select, Space, Table, Typography } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../components/list/ListToolbar";
import { StatusTag } from "../../../components/StatusTag";
import { formatDateTime } from "../../../components/format";
import { submissionStates } from "../../../../../backend/src/modules/projects/claims/submission.workflow";
import { contractSums } from "../../../../../backend/src/modules/projects/claims/schedule-of-values.shared";
import { amountText, SCHEDULE_LINES, SUBMISSIONS, useClaimActor, type ScheduleRow, type Submission } from "./api";
import { ClaimDetail, DecisionTag } from "./ClaimDetail";
import { ClaimForm } from "./ClaimForm";
import { ScheduleImport } from "./ScheduleImport";
import { ChangeOrders } from "./ChangeOrders";

const NS = "project-submissions";

/**
 * Tab 0 of a project (spec §2 "submissions (0)"): the project's payment claims with paging,
 * sorting, a status filter and export; its schedule of values; "New claim" for the project's
 * vendor; a claim opens in a drawer named in the address (`?tabIndex=0&submission=<id>`). Every
 * list refreshes when another user changes a claim or the schedule (live events).
 */
export function SubmissionsTab({ project, staff }: { project: Record<string, any>; staff: boolean }) {
  const { t } = useTranslation(NS);
  const actor = useClaimActor();
  const screens = Grid.useBreakpoint();
  const [search, setSearch] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const open = search.get("submission");
  const vendor = !staff && actor?.portal === "vendors" && String(actor.companyId) === String(project.companyId);
  const takesClaims = ["ACTIVE", "COMPLETED"].includes(project.status);

  const { tableProps, searchFormProps, filters, sorters, tableQuery } = useTable<Submission, never, { status?: string }>({
    resource: SUBMISSIONS,
    filters: { permanent: [{ field: "projectId", operator: "eq", value: project.id }] },
    sorters: { initial: [{ field: "order", order: "desc" }] },
    pagination: { pageSize: 10 },
    syncWithLocation: false,
    onSearch: (values) => [{ field: "status", operator: "eq", value: values.status || undefined }],
  });
  // Every claim of the project: the figures of one claim are read among the others (previous amounts, the ledger).
  const all = useList<Submission>({
    resource: SUBMISSIONS,
    filters: [{ field: "projectId", operator: "eq", value: project.id }],
    sorters: [{ field: "order", order: "asc" }],
    pagination: { mode: "server", pageSize: 500 },
  });
  const schedule = useList<ScheduleRow>({
    resource: SCHEDULE_LINES,
    filters: [{ field: "projectId", operator: "eq", value: project.id }],
    // In the schedule's order (the service keeps it); a schedule has at most 5,000 lines.
    pagination: { mode: "server", pageSize: 5000 },
  });
  const claims = all.result?.data ?? [];
  const lines = schedule.result?.data ?? [];
  const everSubmitted = claims.some((claim) => claim.version > 0);
  const mayImport = staff && Boolean(actor?.ability.can("update", "projects")) && takesClaims && !everSubmitted;

  const refresh = () => {
    void tableQuery.refetch();
    void all.query.refetch();
  };
  const openClaim = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set("submission", id);
    else next.delete("submission");
    setSearch(next, { replace: !id });
  };
  const drawerWidth = screens.lg ? 1000 : "100%";

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }} data-testid="tab-submissions">
      <ScheduleSummary lines={lines} mayImport={mayImport} projectId={project.id} onImported={() => void schedule.query.refetch()} />
      <ChangeOrders project={project} schedule={lines} claims={claims} onChanged={() => void schedule.query.refetch()} />
      <ListToolbar
        searchFormProps={searchFormProps}
        filters={filters}
        sorters={sorters}
        permanentFilters={[{ field: "projectId", operator: "eq", value: project.id }]}
        resource={SUBMISSIONS}
        extra={
          vendor && takesClaims ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="claim-new">
              {t("newClaim")}
            </Button>
          ) : null
        }
      >
        <Form.Item name="status" label={t("list.status")}>
          <Select
            allowClear
            placeholder={t("list.allStatuses")}
            style={{ minWidth: 160 }}
            options={submissionStates.map((value) => ({ value, label: t(`status.${value}`) }))}
            data-testid="claim-status-filter"
          />
        </Form.Item>
      </ListToolbar>
      <Table<Submission>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: 960 }}
        locale={{ emptyText: t("list.empty") }}
        onRow={(record) => ({ onClick: () => openClaim(record.id), style: { cursor: "pointer" }, "data-testid": "claim-row" }) as never}
      >
        <Table.Column<Submission> dataIndex="order" title={t("list.order")} sorter width={70} />
        <Table.Column<Submission>
          dataIndex="completionType"
          title={t("fields.completionType")}
          sorter
          render={(value) => (value ? t(`completionType.${value}`) : "")}
        />
        <Table.Column<Submission> dataIndex="invoiceNumber" title={t("fields.invoiceNumber")} sorter />
        <Table.Column<Submission> dataIndex="invoiceAmountCents" title={t("fields.invoiceAmountCents")} align="right" sorter render={amountText} />
        <Table.Column<Submission> dataIndex="completionAmountCents" title={t("fields.completionAmountCents")} align="right" sorter render={amountText} />
        <Table.Column<Submission> dataIndex="remainingBalanceCents" title={t("fields.remainingBalanceCents")} align="right" render={amountText} />
        <Table.Column<Submission> dataIndex="retentionAmountCents" title={t("fields.retentionAmountCents")} align="right" render={amountText} />
        <Table.Column<Submission>
          dataIndex="status"
          title={t("list.status")}
          sorter
          render={(value, record) => (
            <Space size={4} wrap>
              <StatusTag status={value} resource={NS} />
              <DecisionTag claim={record} />
            </Space>
          )}
        />
        <Table.Column<Submission> dataIndex="version" title={t("list.version")} width={80} />
        <Table.Column<Submission> dataIndex="updatedAt" title={t("list.updatedAt")} sorter render={formatDateTime} />
      </Table>
      <Drawer
        open={creating}
        title={t("form.createTitle")}
        width={drawerWidth}
        onClose={() => setCreating(false)}
        destroyOnHidden
        data-testid="claim-create-drawer"
      >
        <ClaimForm
          project={project}
          claim={null}
          claims={claims}
          schedule={lines}
          onSaved={(claim) => {
            setCreating(false);
            refresh();
            openClaim(claim.id);
          }}
          onCancel={() => setCreating(false)}
        />
      </Drawer>
      <Drawer
        open={Boolean(open)}
        title={(() => {
          const shown = claims.find((claim) => String(claim.id) === String(open));
          return shown ? t("claimTitle", { order: shown.order }) : t("sections.details");
        })()}
        width={drawerWidth}
        onClose={() => openClaim(null)}
        destroyOnHidden
      >
        {open && (
          <ClaimDetail
            id={open}
            project={project}
            claims={claims}
            schedule={lines}
            onChanged={refresh}
            onDeleted={() => {
              openClaim(null);
              refresh();
            }}
          />
        )}
      </Drawer>
    </Space>
  );
}

/** The project's schedule of values in one line, and its import while no claim was submitted. */
function ScheduleSummary({ lines, mayImport, projectId, onImported }: { lines: ScheduleRow[]; mayImport: boolean; projectId: string; onImported: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Space direction="vertical" size={4} style={{ width: "100%" }} data-testid="schedule-summary">
      <Typography.Text strong>{t("sections.schedule")}</Typography.Text>
      <Typography.Text type="secondary" data-testid="schedule-state">
        {lines.length === 0 ? t("schedule.none") : t("schedule.lines", { count: lines.length, amount: amountText(contractSums(lines).contractSumToDateCents) })}
      </Typography.Text>
      {mayImport && <ScheduleImport projectId={projectId} replacing={lines.length > 0} onImported={onImported} />}
    </Space>
  );
}
