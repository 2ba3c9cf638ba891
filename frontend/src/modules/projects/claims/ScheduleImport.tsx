import { useState } from "react";
import { Alert, Button, Form, Modal, Typography, Upload, type UploadFile } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { useUploadRules } from "../../../components/useUploadRules";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { readScheduleCsv, type ImportRowError } from "../../../../../backend/src/modules/projects/claims/sov-import.shared";
import { SCHEDULE_LINES } from "./api";

const NS = "project-submissions";

/**
 * Imports the project's schedule of values from a spreadsheet or CSV file (issue 12 item 6). The
 * server reads it with the same parser as sov-import.shared.ts and answers every row problem at
 * once; nothing is kept from a file with problems.
 */
export function ScheduleImport({ projectId, replacing, onImported }: { projectId: string; replacing: boolean; onImported: () => void }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const [form] = Form.useForm<{ files?: UploadFile[] }>();
  const uploadRules = useUploadRules({ maxCount: 1, types: ["xlsx", "xls", "csv"] });
  const upload = async ({ files }: { files?: UploadFile[] }) => {
    const file = files?.[0]?.originFileObj;
    if (!file) return;
    setSaving(true);
    setRowErrors([]);
    try {
      let body: Record<string, unknown>;
      if (/\.csv$/i.test(file.name) || file.type === "text/csv") {
        // A CSV file is read here with the server's own parser: its row problems show before anything is sent.
        const imported = readScheduleCsv(await file.text());
        if (imported.errors.length > 0) {
          setRowErrors(imported.errors);
          return;
        }
        body = { projectId, lines: imported.lines };
      } else {
        // A workbook is read on the server: uploaded as a file of the project first.
        const form = new FormData();
        form.append("files", file, file.name);
        form.append("ownerResource", "projects");
        const uploaded = await api<{ id: number } | { id: number }[]>("files", { method: "POST", action: "files.create", body: form });
        body = { projectId, fileId: Array.isArray(uploaded) ? uploaded[0].id : uploaded.id };
      }
      const answer = await api<{ lines?: number }>(SCHEDULE_LINES, { method: "POST", action: `${SCHEDULE_LINES}.create`, body });
      notifySuccess(t("done.imported", { count: answer?.lines ?? 0 }));
      setOpen(false);
      onImported();
    } catch (error) {
      const problems = isApiError(error) ? (error.data?.problems as ImportRowError[] | undefined) : undefined;
      if (Array.isArray(problems) && problems.length > 0 && problems.every((problem) => typeof problem.row === "number")) setRowErrors(problems);
      else notifyError(`${SCHEDULE_LINES}.create`, error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        onClick={() => {
          form.resetFields();
          setRowErrors([]);
          setOpen(true);
        }}
        data-testid="schedule-import"
      >
        {t(replacing ? "schedule.replace" : "schedule.import")}
      </Button>
      <Modal
        open={open}
        title={t(replacing ? "schedule.replace" : "schedule.import")}
        okText={t("schedule.upload")}
        cancelText={t("form.close")}
        confirmLoading={saving}
        okButtonProps={{ "data-testid": "schedule-upload" } as never}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        forceRender
      >
        <Typography.Paragraph type="secondary">{t("schedule.help")}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={upload}>
          <Form.Item
            name="files"
            valuePropName="fileList"
            getValueFromEvent={(event) => (Array.isArray(event) ? event : event?.fileList)?.slice(-1)}
            rules={[
              { required: true, message: t("schedule.fileRequired") },
              // The region's upload rules (size, type), told as soon as the file is chosen, not after sending it.
              {
                validator: async (_rule, files?: { originFileObj?: File }[]) => {
                  const file = files?.[0]?.originFileObj;
                  const refused = file && uploadRules.refusal([file]);
                  if (refused) throw new Error(refused);
                },
              },
            ]}
            validateTrigger="onChange"
          >
            <Upload beforeUpload={() => false} maxCount={1} accept={uploadRules.accept ?? ".xlsx,.xls,.csv,text/csv"}>
              <Button icon={<UploadOutlined />} data-testid="schedule-choose">
                {t("schedule.choose")}
              </Button>
            </Upload>
          </Form.Item>
        </Form>
        {rowErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="schedule-errors"
            message={t("schedule.errors")}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {rowErrors.slice(0, 20).map((error, index) => (
                  <li key={index}>{t(`errors.${error.code}`, { ...error })}</li>
                ))}
              </ul>
            }
          />
        )}
      </Modal>
    </>
  );
}
