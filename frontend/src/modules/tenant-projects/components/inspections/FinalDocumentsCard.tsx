import { useState } from "react";
import { useRefetchOn } from "../../../../components/useRefetchOn";
import { useList } from "@refinedev/core";
import { Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { currentAbility } from "../../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { formatDateTime } from "../../../../components/format";
import {
  finalDocumentWorkflow,
  type FinalDocumentState,
} from "../../../../../../backend/src/modules/tenant-projects/services/tenant-project-final-documents/final-document.workflow";
import {
  tenantProjectFinalDocumentHistoriesPath,
  tenantProjectFinalDocumentsPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/tenant-project-final-documents/final-documents.shared";
import { controlCall } from "./controlApi";

interface FinalDocuments {
  [field: string]: unknown;
  id: number;
  status: FinalDocumentState;
  isExempted: boolean;
  completedAt: string | null;
  remindedAt: string | null;
  updatedAt: string;
}

const statusColour: Record<FinalDocumentState, string> = {
  DRAFT: "default",
  SEND_REMINDER: "gold",
  COMPLETED: "green",
  EXEMPTED: "blue",
  HISTORICAL: "default",
};

/**
 * A project's final documents (spec §3 "Final document", §4; issue 30 item 7): the current record
 * with the buttons the workflow table and the caller's rights open (remind, complete, exempt), and
 * its history. Settling them (completed or exempted) opens the deposit refund.
 */
export function FinalDocumentsCard({ project }: { project: Record<string, any> }) {
  const { t } = useTranslation("inspections");
  const [busy, setBusy] = useState(false);
  const ability = currentAbility();
  const { result, query } = useList<FinalDocuments>({
    resource: tenantProjectFinalDocumentsPath,
    filters: [
      { field: "projectId", operator: "eq", value: project.id },
      { field: "status", operator: "ne", value: "HISTORICAL" },
    ],
    pagination: { pageSize: 1 },
    liveMode: "auto",
  });
  const record = result?.data?.[0];
  const { result: histories, query: historyQuery } = useList<{ id: number; action: string; toStatus: string; createdAt: string }>({
    resource: tenantProjectFinalDocumentHistoriesPath,
    filters: [{ field: "finalDocumentId", operator: "eq", value: record?.id }],
    sorters: [{ field: "id", order: "asc" }],
    pagination: { pageSize: 100 },
    queryOptions: { enabled: Boolean(record) },
    liveMode: "auto",
  });
  // The history is written with the record's own acts: read again whenever the record moves on.
  const version = record?.updatedAt;
  useRefetchOn(version, historyQuery.refetch);
  const actions = record ? finalDocumentWorkflow.actionsFrom(record.status, { ...record }, { ability }) : [];
  const mayStart = finalDocumentWorkflow.permissions().some((permission) => ability.can(permission, "tenant-project-final-documents"));
  const run = async (action: string) => {
    if (!record) return;
    setBusy(true);
    try {
      await controlCall(tenantProjectFinalDocumentsPath, action, { id: record.id, updatedAt: record.updatedAt });
      notifySuccess(t(`finalDocuments.done.${action}`));
    } catch (error) {
      notifyError(`${tenantProjectFinalDocumentsPath}.${action}`, error);
    } finally {
      setBusy(false);
    }
  };
  const start = async () => {
    setBusy(true);
    try {
      await api(tenantProjectFinalDocumentsPath, { method: "POST", body: { projectId: project.id }, action: `${tenantProjectFinalDocumentsPath}.create` });
      void query.refetch();
    } catch (error) {
      notifyError(`${tenantProjectFinalDocumentsPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card id="finalDocuments" title={t("finalDocuments.title")} data-testid="final-documents-card">
      {!record ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("finalDocuments.none")}>
          {mayStart && !query.isLoading && (
            <Button onClick={() => void start()} loading={busy} data-testid="final-documents-start">
              {t("finalDocuments.start")}
            </Button>
          )}
        </Empty>
      ) : (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Space wrap>
            <Tag color={statusColour[record.status]} data-testid="final-documents-status">
              {t(`finalDocuments.status.${record.status}`)}
            </Tag>
            {record.isExempted && <Typography.Text type="secondary">{t("finalDocuments.exemptionKept")}</Typography.Text>}
            {actions.map((action) => (
              <Popconfirm
                key={action}
                title={t(`finalDocuments.confirm.${action}`)}
                onConfirm={() => run(action)}
                okText={t(`finalDocuments.actions.${action}`)}
              >
                <Button size="small" type={action === "sendReminder" ? "default" : "primary"} loading={busy} data-testid={`final-documents-${action}`}>
                  {t(`finalDocuments.actions.${action}`)}
                </Button>
              </Popconfirm>
            ))}
          </Space>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={histories?.data ?? []}
            columns={[
              { title: t("finalDocuments.history.at"), dataIndex: "createdAt", render: (value: string) => formatDateTime(value) },
              {
                title: t("finalDocuments.history.action"),
                dataIndex: "action",
                render: (value: string) => t(`finalDocuments.history.actions.${value}`, { defaultValue: value }),
              },
              { title: t("finalDocuments.history.status"), dataIndex: "toStatus", render: (value: string) => t(`finalDocuments.status.${value}`) },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
