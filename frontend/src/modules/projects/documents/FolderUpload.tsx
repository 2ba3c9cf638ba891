import { useState } from "react";
import { Button, Col, DatePicker, Form, Input, Row, Upload, type UploadFile } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Dayjs } from "dayjs";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { dateInputFormat } from "../../../components/format";
import {
  isValidPeriod,
  projectDocumentDescriptionMax,
  projectDocumentsPath,
} from "../../../../../backend/src/modules/projects/services/project-documents/project-documents.shared";

interface UploadValues {
  description?: string;
  effectiveDate?: Dayjs | null;
  effectiveUntil?: Dayjs | null;
  files?: UploadFile[];
}

const dayOf = (value: Dayjs | null | undefined) => (value ? value.format("YYYY-MM-DD") : null);

/** Uploads files into a folder, with a description (255 max) and an effective period; checked on blur. */
export function FolderUpload({ projectId, folderId, onUploaded }: { projectId: string; folderId: number; onUploaded: () => void }) {
  const { t } = useTranslation("project-documents");
  const [form] = Form.useForm<UploadValues>();
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    const values = await form.validateFields();
    const body = new FormData();
    body.append("projectId", projectId);
    body.append("folderId", String(folderId));
    if (values.description?.trim()) body.append("description", values.description.trim());
    if (values.effectiveDate) body.append("effectiveDate", dayOf(values.effectiveDate)!);
    if (values.effectiveUntil) body.append("effectiveUntil", dayOf(values.effectiveUntil)!);
    const chosen = (values.files ?? []).filter((file) => file.originFileObj);
    for (const file of chosen) body.append("files", file.originFileObj!, file.name);
    setBusy(true);
    try {
      await api(projectDocumentsPath, { method: "POST", body, action: "project-documents.create" });
      notifySuccess(t("documents.uploaded", { count: chosen.length }));
      form.resetFields();
      onUploaded();
    } catch (error) {
      notifyError("project-documents.create", error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" component="div" validateTrigger="onBlur" data-testid="folder-upload">
      <Row gutter={12} align="bottom">
        <Col xs={24} md={8}>
          <Form.Item
            name="description"
            label={t("documents.description")}
            rules={[{ max: projectDocumentDescriptionMax, message: t("documents.descriptionTooLong", { max: projectDocumentDescriptionMax }) }]}
          >
            <Input maxLength={projectDocumentDescriptionMax} data-testid="document-description" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="effectiveDate" label={t("documents.effectiveDate")}>
            <DatePicker style={{ width: "100%" }} format={dateInputFormat()} placeholder={t("documents.pickDate")} data-testid="document-effective-date" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name="effectiveUntil"
            label={t("documents.effectiveUntil")}
            dependencies={["effectiveDate"]}
            validateTrigger={["onChange", "onBlur"]}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: Dayjs | null | undefined) => {
                  if (!isValidPeriod({ effectiveDate: dayOf(getFieldValue("effectiveDate")), effectiveUntil: dayOf(value) }))
                    throw new Error(t("documents.periodInvalid"));
                },
              }),
            ]}
          >
            <DatePicker style={{ width: "100%" }} format={dateInputFormat()} placeholder={t("documents.openEnd")} data-testid="document-effective-until" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name="files"
            label={t("documents.name")}
            valuePropName="fileList"
            validateTrigger="onChange"
            getValueFromEvent={(event) => event?.fileList}
            rules={[{ required: true, message: t("documents.fileRequired") }]}
          >
            <Upload beforeUpload={() => false} multiple>
              <Button icon={<UploadOutlined />} data-testid="document-choose">
                {t("documents.choose")}
              </Button>
            </Upload>
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item label=" ">
            <Button type="primary" loading={busy} onClick={() => void upload().catch(() => undefined)} data-testid="document-upload">
              {t("documents.upload")}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
