import { useState } from "react";
import { subject } from "@casl/ability";
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { DeleteOutlined, DownloadOutlined, EditOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api, downloadFile } from "../../../providers/api";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { useSession } from "../../../providers/session";
import { formatDate, formatDateTime } from "../../../components/format";
import { DocumentDetailsDialog } from "../../../components/DocumentDetailsDialog";
import {
  folderWorkflow,
  folderReasonMaxLength,
  projectFoldersPath,
} from "../../../../../backend/src/modules/projects/services/project-folders/project-folders.shared";
import {
  effectiveStateOn,
  projectDocumentContentUrl,
  projectDocumentDescriptionMax,
  projectDocumentsPath,
} from "../../../../../backend/src/modules/projects/services/project-documents/project-documents.shared";
import { portalOf } from "../../../../../backend/src/abilities/permissions.shared";
import { FolderUpload } from "./FolderUpload";
import type { DocumentRow, FolderRow } from "./useProjectDocuments";

const statusColor = { DRAFT: "default", APPR: "green", REJECTED: "red" } as const;

/** The period in words, and a tag when the document is not in effect today. */
function Period({ row, today }: { row: DocumentRow; today: string }) {
  const { t } = useTranslation("project-documents");
  const { effectiveDate: from, effectiveUntil: until } = row;
  const text =
    from && until
      ? `${formatDate(from)} – ${formatDate(until)}`
      : from
        ? t("documents.periodFrom", { date: formatDate(from) })
        : until
          ? t("documents.periodUntil", { date: formatDate(until) })
          : "";
  const state = effectiveStateOn(row, today);
  return (
    <Space size={4} wrap>
      <span>{text}</span>
      {state === "EXPIRED" && <Tag color="red">{t("documents.expired")}</Tag>}
      {state === "NOT_YET_EFFECTIVE" && <Tag color="gold">{t("documents.notYetEffective")}</Tag>}
    </Space>
  );
}

/**
 * One folder of a project (spec §4 "Folder status: DRAFT, APPR, REJECTED"): its status (and the
 * reason of a rejection), its documents, the upload while it awaits a decision or was sent back,
 * and the decision buttons the folder table opens to this user (the staff in charge).
 */
export function FolderCard({
  project,
  folder,
  documents,
  today,
  onChanged,
}: {
  project: Record<string, any>;
  folder: FolderRow;
  documents: DocumentRow[];
  today: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation("project-documents");
  const user = useSession((s) => s.user);
  const ability = currentAbility();
  const owner = subject("project-documents", { companyId: project.companyId ?? null, managedBy: project.managedBy ?? null, projectId: project.id });
  const running = ["ACTIVE", "COMPLETED"].includes(project.status);
  const filing = running && folderWorkflow.isIn("filing", folder.status);
  const mayUpload = filing && ability.can("create", owner);
  const staff = user != null && portalOf(user.userType) === "staff";
  // The server's rules (project-documents.class.ts): a vendor changes only what it uploaded, staff in charge any.
  const mine = (row: DocumentRow) => staff || row.uploadedBy === user?.id;
  const mayRemove = (row: DocumentRow) => filing && ability.can("delete", owner) && mine(row);
  const mayEdit = (row: DocumentRow) => filing && ability.can("create", owner) && mine(row);
  const [editing, setEditing] = useState<DocumentRow | null>(null);
  const decisions = running
    ? folderWorkflow.actionsFrom(folder.status, { status: folder.status, managedBy: project.managedBy, companyId: project.companyId }, { ability })
    : [];
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const decide = async (action: "approve" | "reject", reason?: string) => {
    setBusy(true);
    try {
      await api(projectFoldersPath, {
        method: "POST",
        headers: { "X-Service-Method": action },
        action: `project-folders.${action}`,
        body: { id: folder.id, updatedAt: folder.updatedAt, ...(reason ? { reason } : {}) },
      });
      notifySuccess(t(action === "approve" ? "folders.approved" : "folders.rejected", { name: folder.name }));
      setRejecting(false);
      onChanged();
    } catch (error) {
      notifyError(`project-folders.${action}`, error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (row: DocumentRow) => {
    try {
      await api(`${projectDocumentsPath}/${row.id}`, { method: "DELETE", action: "project-documents.remove" });
      notifySuccess(t("documents.removed", { name: row.name }));
      onChanged();
    } catch (error) {
      notifyError("project-documents.remove", error);
    }
  };

  return (
    <Card
      size="small"
      data-testid="project-folder"
      title={
        <Space wrap>
          <span data-testid="folder-name">{folder.name}</span>
          <Tag color={statusColor[folder.status]} data-testid="folder-status">
            {t(`folders.status.${folder.status}`)}
          </Tag>
        </Space>
      }
      extra={
        decisions.length > 0 && (
          <Space wrap>
            {decisions.includes("approve") && (
              <Popconfirm
                title={t("folders.confirmApprove", { name: folder.name })}
                okText={t("folders.approve")}
                cancelText={t("folders.back")}
                onConfirm={() => decide("approve")}
              >
                <Button size="small" type="primary" loading={busy} data-testid="folder-approve">
                  {t("folders.approve")}
                </Button>
              </Popconfirm>
            )}
            {decisions.includes("reject") && (
              <Button size="small" danger onClick={() => setRejecting(true)} data-testid="folder-reject">
                {t("folders.reject")}
              </Button>
            )}
          </Space>
        )
      }
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        {folder.status === "REJECTED" && folder.reason && (
          <Alert type="warning" showIcon message={t("folders.rejectedBecause", { reason: folder.reason })} data-testid="folder-reason" />
        )}
        {folder.status === "APPR" && <Typography.Text type="secondary">{t("folders.closedHint")}</Typography.Text>}
        <Table<DocumentRow>
          dataSource={documents}
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 640 }}
          onRow={() => ({ "data-testid": "folder-document" }) as never}
          locale={{ emptyText: t("documents.none") }}
        >
          <Table.Column<DocumentRow>
            dataIndex="name"
            title={t("documents.name")}
            render={(name: string, row) => (
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                aria-label={t("documents.download", { name })}
                style={{ paddingInline: 0 }}
                onClick={() =>
                  void downloadFile(projectDocumentContentUrl(row.id), {}, name).catch((error) => notifyError("project-documents.download", error))
                }
              >
                {name}
              </Button>
            )}
          />
          <Table.Column dataIndex="description" title={t("documents.description")} />
          <Table.Column<DocumentRow> key="period" title={t("documents.effectivePeriod")} render={(_, row) => <Period row={row} today={today} />} />
          <Table.Column dataIndex="createdAt" title={t("documents.uploadedAt")} render={formatDateTime} />
          <Table.Column<DocumentRow>
            key="actions"
            width={80}
            render={(_, row) => (
              <Space size={4}>
                {mayEdit(row) && (
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t("documents.editLabel", { name: row.name })}
                    title={t("documents.edit")}
                    onClick={() => setEditing(row)}
                    data-testid="document-edit"
                  />
                )}
                {mayRemove(row) && (
                  <Popconfirm
                    title={t("documents.confirmRemove", { name: row.name })}
                    okText={t("documents.remove")}
                    cancelText={t("folders.back")}
                    onConfirm={() => remove(row)}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("documents.remove")} />
                  </Popconfirm>
                )}
              </Space>
            )}
          />
        </Table>
        {mayUpload && <FolderUpload projectId={project.id} folderId={folder.id} onUploaded={onChanged} />}
      </Space>
      {editing && (
        <DocumentDetailsDialog
          path={projectDocumentsPath}
          action="project-documents.patch"
          row={editing}
          descriptionMax={projectDocumentDescriptionMax}
          texts={{
            title: t("documents.editTitle", { name: editing.name }),
            save: t("documents.save"),
            cancel: t("documents.cancel"),
            saved: t("documents.saved", { name: editing.name }),
            description: t("documents.description"),
            descriptionInvalid: t("documents.descriptionTooLong", { max: projectDocumentDescriptionMax }),
            effectiveDate: t("documents.effectiveDate"),
            effectiveUntil: t("documents.effectiveUntil"),
            pickDate: t("documents.pickDate"),
            openEnd: t("documents.openEnd"),
            periodInvalid: t("documents.periodInvalid"),
          }}
          onClose={() => setEditing(null)}
          onSaved={onChanged}
        />
      )}
      <Modal
        open={rejecting}
        title={t("folders.rejectTitle", { name: folder.name })}
        okText={t("folders.reject")}
        okButtonProps={{ danger: true, "data-testid": "folder-reject-confirm" } as never}
        cancelText={t("folders.back")}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" validateTrigger="onBlur" preserve={false} onFinish={(values) => decide("reject", values.reason.trim())}>
          <Form.Item name="reason" label={t("folders.reason")} rules={[{ required: true, whitespace: true, message: t("folders.reasonRequired") }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={folderReasonMaxLength} data-testid="folder-reason-input" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
