import { useCallback, useEffect, useState } from "react";
import { Button, Col, DatePicker, Form, Input, Popconfirm, Row, Space, Table, Typography, Upload, type UploadFile } from "antd";
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Dayjs } from "dayjs";
import { api, downloadFile } from "../../providers/api";
import { notifyError, notifySuccess } from "../../providers/notifications";
import { formatDate, formatDateTime } from "./format";
import {
  documentDescriptionMaxLength,
  isValidDocumentDescription,
  tenderDocumentContentUrl,
  tenderDocumentsPath,
  type TenderDocumentKind,
} from "../../../../backend/src/services/tender-documents/tender-documents.shared";

export interface TenderDocumentRow {
  id: number;
  tenderId: string;
  fileId: number;
  kind: TenderDocumentKind;
  name: string;
  mimeType: string;
  size: number;
  description: string | null;
  effectiveDate: string | null;
  createdAt: string;
}

/** The documents of a tender as the caller may read them; `reload` after a change. */
export function useTenderDocuments(tenderId: string | undefined) {
  const [documents, setDocuments] = useState<TenderDocumentRow[]>([]);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    if (!tenderId) return;
    setLoading(true);
    try {
      const page = await api<{ data: TenderDocumentRow[] }>(tenderDocumentsPath, { query: { tenderId } });
      setDocuments(page.data);
    } catch (error) {
      notifyError("tender-documents.find", error);
    } finally {
      setLoading(false);
    }
  }, [tenderId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { documents, loading, reload };
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A list of documents with download; delete while the tender is editable. */
export function DocumentTable({ documents, editable, onChanged, testId }: { documents: TenderDocumentRow[]; editable?: boolean; onChanged?: () => void; testId: string }) {
  const { t } = useTranslation("tenders");
  const remove = async (row: TenderDocumentRow) => {
    try {
      await api(`${tenderDocumentsPath}/${row.id}`, { method: "DELETE", action: "tender-documents.remove" });
      notifySuccess(t("documents.removed", { name: row.name }));
      onChanged?.();
    } catch (error) {
      notifyError("tender-documents.remove", error);
    }
  };
  const download = (row: TenderDocumentRow) => downloadFile(tenderDocumentContentUrl(row.id), {}, row.name).catch((error) => notifyError("tender-documents.download", error));
  return (
    <Table<TenderDocumentRow> size="small" rowKey="id" pagination={false} dataSource={documents} data-testid={testId} locale={{ emptyText: t("documents.none") }} scroll={{ x: 700 }}>
      <Table.Column<TenderDocumentRow> title={t("documents.name")} render={(_, row) => (
        <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download(row)} data-testid="document-download">{row.name}</Button>
      )} />
      <Table.Column<TenderDocumentRow> dataIndex="description" title={t("documents.description")} render={(value) => <Typography.Text style={{ whiteSpace: "pre-wrap" }}>{value}</Typography.Text>} />
      <Table.Column<TenderDocumentRow> dataIndex="effectiveDate" title={t("documents.effectiveDate")} width={130} render={(value) => (value ? formatDate(`${value}T12:00:00Z`) : "")} />
      <Table.Column<TenderDocumentRow> dataIndex="size" title={t("documents.size")} width={90} align="right" render={sizeText} />
      <Table.Column<TenderDocumentRow> dataIndex="createdAt" title={t("documents.uploadedAt")} width={150} render={formatDateTime} />
      {editable && (
        <Table.Column<TenderDocumentRow> width={50} render={(_, row) => (
          <Popconfirm title={t("documents.confirmRemove", { name: row.name })} onConfirm={() => remove(row)} okText={t("documents.remove")} cancelText={t("actions.close")}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("documents.remove")} />
          </Popconfirm>
        )} />
      )}
    </Table>
  );
}

interface UploadValues {
  description?: string;
  effectiveDate?: Dayjs | null;
  files?: UploadFile[];
}

/** Uploads files as documents of the tender, with a description (255 max, checked on blur) and an effective date. */
export function DocumentUpload({ tenderId, kind, onUploaded }: { tenderId: string; kind: TenderDocumentKind; onUploaded: () => void }) {
  const { t } = useTranslation("tenders");
  const [form] = Form.useForm<UploadValues>();
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    const values = await form.validateFields();
    const body = new FormData();
    body.append("tenderId", tenderId);
    body.append("kind", kind);
    if (values.description?.trim()) body.append("description", values.description.trim());
    if (values.effectiveDate) body.append("effectiveDate", values.effectiveDate.format("YYYY-MM-DD"));
    for (const file of values.files ?? []) if (file.originFileObj) body.append("files", file.originFileObj, file.name);
    setBusy(true);
    try {
      await api(tenderDocumentsPath, { method: "POST", body, action: "tender-documents.create" });
      notifySuccess(t("documents.uploaded"));
      form.resetFields();
      onUploaded();
    } catch (error) {
      notifyError("tender-documents.create", error);
    } finally {
      setBusy(false);
    }
  };
  // Its own form (not nested in the tender's): uploading never saves or dirties the tender.
  return (
    <Form form={form} layout="vertical" component="div" data-testid={`upload-${kind}`}>
      <Row gutter={12} align="bottom">
        <Col xs={24} md={10}>
          <Form.Item name="description" label={t("documents.description")} validateTrigger="onBlur"
            rules={[{ validator: async (_, value) => { if (!isValidDocumentDescription(value)) throw new Error(t("validation.description", { max: documentDescriptionMaxLength })); } }]}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} showCount={{ formatter: ({ count }) => `${count} / ${documentDescriptionMaxLength}` }} data-testid="document-description" />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item name="effectiveDate" label={t("documents.effectiveDate")}>
            <DatePicker style={{ width: "100%" }} format="DD MMM YYYY" placeholder={t("documents.pickDate")} data-testid="document-effective-date" />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item name="files" label={t("documents.file")} valuePropName="fileList" getValueFromEvent={(event) => event?.fileList}
            rules={[{ required: true, message: t("validation.file") }]}>
            <Upload beforeUpload={() => false} multiple maxCount={10}>
              <Button icon={<UploadOutlined />} data-testid="document-choose">{t("documents.choose")}</Button>
            </Upload>
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item label=" ">
            <Space><Button type="primary" loading={busy} onClick={() => void upload().catch(() => undefined)} data-testid="document-upload">{t("documents.upload")}</Button></Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
