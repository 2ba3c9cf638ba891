import { useState } from "react";
import { subject } from "@casl/ability";
import { Button, Empty, Form, Input, Space, Spin } from "antd";
import { FolderAddOutlined, PaperClipOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api, downloadFile } from "../../../providers/api";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { useSession } from "../../../providers/session";
import { calendarDay } from "../../../../../backend/src/format/format.shared";
import { folderNameMaxLength, projectFoldersPath } from "../../../../../backend/src/modules/projects/services/project-folders/project-folders.shared";
import { projectPoAttachmentUrl } from "../../../../../backend/src/modules/projects/services/project-po-attachments/project-po-attachments.shared";
import { FolderCard } from "./FolderCard";
import { useProjectDocuments } from "./useProjectDocuments";

/**
 * The project's documents tab (spec §2 tab 1, §4 folders): its folders, each with its status and
 * documents. The project's vendor (and the staff in charge) add folders and file documents while
 * the project runs; the staff in charge approve or reject a folder. Live: each sees the others'.
 */
export function DocumentsTab({ project }: { project: Record<string, any> }) {
  const { t } = useTranslation("project-documents");
  const { folders, documents, loading, reload } = useProjectDocuments(project.id);
  const timeZone = useSession((s) => s.regions.find((region) => region.code === s.region)?.timeZone || "UTC");
  const today = calendarDay(new Date(), timeZone);
  const ability = currentAbility();
  const mayAdd =
    ["ACTIVE", "COMPLETED"].includes(project.status) &&
    ability.can("create", subject("project-documents", { companyId: project.companyId ?? null, managedBy: project.managedBy ?? null, projectId: project.id }));
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const add = async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      await api(projectFoldersPath, { method: "POST", action: "project-folders.create", body: { projectId: project.id, name: name.trim() } });
      notifySuccess(t("folders.added", { name: name.trim() }));
      form.resetFields();
      void reload();
    } catch (error) {
      notifyError("project-folders.create", error);
    } finally {
      setBusy(false);
    }
  };
  if (loading) return <Spin style={{ display: "block", margin: 24 }} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }} data-testid="tab-documents">
      {project.poAttachmentId && (
        <Button
          type="link"
          icon={<PaperClipOutlined />}
          style={{ paddingInline: 0 }}
          data-testid="po-attachment-download"
          onClick={() =>
            void downloadFile(projectPoAttachmentUrl(project.id), {}, "attachment").catch((error) => notifyError("project-po-attachments.download", error))
          }
        >
          {t("poAttachment.download")}
        </Button>
      )}
      {mayAdd && (
        <Form form={form} layout="inline" validateTrigger="onBlur" onFinish={add} style={{ rowGap: 8 }}>
          <Form.Item
            name="name"
            rules={[
              { required: true, whitespace: true, message: t("folders.nameRequired") },
              { max: folderNameMaxLength, message: t("folders.nameTooLong", { max: folderNameMaxLength }) },
            ]}
          >
            <Input
              placeholder={t("folders.newName")}
              aria-label={t("folders.newName")}
              maxLength={folderNameMaxLength}
              style={{ minWidth: 220 }}
              data-testid="folder-name-input"
            />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" icon={<FolderAddOutlined />} loading={busy} data-testid="folder-add">
              {t("folders.add")}
            </Button>
          </Form.Item>
        </Form>
      )}
      {folders.length === 0 && <Empty description={t("folders.none")} />}
      {folders.map((folder) => (
        <FolderCard
          key={folder.id}
          project={project}
          folder={folder}
          documents={documents.filter((document) => document.folderId === folder.id)}
          today={today}
          onChanged={() => void reload()}
        />
      ))}
    </Space>
  );
}
