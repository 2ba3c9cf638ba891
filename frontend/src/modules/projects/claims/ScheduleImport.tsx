import { useState } from "react";
import { Alert, Button, Form, Modal, Typography, Upload, type UploadFile } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import type { ImportRowError } from "../../../../../backend/src/modules/projects/claims/sov-import.shared";
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
  const upload = async ({ files }: { files?: UploadFile[] }) => {
    const file = files?.[0]?.originFileObj;
    if (!file) return;
    setSaving(true);
    setRowErrors([]);
    const body = new FormData();
    body.append("projectId", projectId);
    body.append("file", file, file.name);
    try {
      const answer = await api<{ lines?: unknown[] } | unknown[]>(SCHEDULE_LINES, { method: "POST", action: `${SCHEDULE_LINES}.create`, body });
      const count = Array.isArray(answer) ? answer.length : (answer?.lines?.length ?? 0);
      notifySuccess(t("done.imported", { count }));
      setOpen(false);
      onImported();
    } catch (error) {
      const errors = isApiError(error) ? (error.data?.errors as ImportRowError[] | undefined) : undefined;
      if (Array.isArray(errors) && errors.length > 0) setRowErrors(errors);
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
            rules={[{ required: true, message: t("schedule.fileRequired") }]}
          >
            <Upload beforeUpload={() => false} maxCount={1} accept=".xlsx,.xls,.csv,text/csv">
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
