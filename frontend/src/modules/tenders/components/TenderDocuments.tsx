import { useCallback, useEffect, useState } from "react";
import { Button, Col, DatePicker, Form, Input, Modal, Popconfirm, Row, Space, Table, Tag, Typography, Upload, type UploadFile } from "antd";
import { CalendarOutlined, DeleteOutlined, DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useSubscription } from "@refinedev/core";
import dayjs, { type Dayjs } from "dayjs";
import { api, downloadFile } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { formatDate, formatDateTime, dateInputFormat } from "./format";
import { useRegionTimeZone } from "./api";
import { dayIn, effectiveStateOn, isValidPeriod, type DocumentSortType } from "../../../../../backend/src/services/files/effective-period.shared";
import {
  documentDescriptionMaxLength,
  documentsPerUpload,
  isValidDocumentDescription,
  tenderDocumentContentUrl,
  tenderDocumentsPath,
  type TenderDocumentKind,
} from "../../../../../backend/src/modules/tenders/services/tender-documents/tender-documents.shared";

export interface TenderDocumentRow {
  id: number;
  tenderId: string;
  fileId: number;
  kind: TenderDocumentKind;
  name: string;
  mimeType: string;
  size: number;
  description: string | null;
  /** The effective period: first and last day (YYYY-MM-DD), either open. */
  effectiveDate: string | null;
  effectiveUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The documents of a tender as the caller may read them; `reload` after a change. With
 * `effectiveOnly` the server keeps those in effect today on the region's calendar.
 */
export function useTenderDocuments(tenderId: string | undefined, options: { effectiveOnly?: boolean; sortType?: DocumentSortType } = {}) {
  const { effectiveOnly, sortType } = options;
  const [documents, setDocuments] = useState<TenderDocumentRow[]>([]);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    if (!tenderId) return;
    setLoading(true);
    try {
      const query: Record<string, string> = { tenderId };
      if (effectiveOnly) query.effectiveOnly = "true";
      if (sortType) query.sortType = sortType;
      const page = await api<{ data: TenderDocumentRow[] }>(tenderDocumentsPath, { query });
      setDocuments(page.data);
    } catch (error) {
      notifyError("tender-documents.find", error);
    } finally {
      setLoading(false);
    }
  }, [tenderId, effectiveOnly, sortType]);
  useEffect(() => {
    void reload();
  }, [reload]);
  // Another user's upload, description or removal on this tender shows here too.
  useSubscription({
    channel: "resources/tender-documents",
    types: ["*"],
    onLiveEvent: (event) => {
      if (String(event.payload.record?.tenderId ?? "") === tenderId) void reload();
    },
  });
  return { documents, loading, reload };
}

/** A calendar day as the screens print dates (noon UTC: the same day in every region's zone). */
const dayText = (value: string) => formatDate(value);

/** The period in words, and a tag when the document is not in effect today (region's calendar). */
function EffectivePeriod({ row, today }: { row: TenderDocumentRow; today: string }) {
  const { t } = useTranslation("tenders");
  const { effectiveDate: from, effectiveUntil: until } = row;
  const text =
    from && until
      ? `${dayText(from)} – ${dayText(until)}`
      : from
        ? t("documents.periodFrom", { date: dayText(from) })
        : until
          ? t("documents.periodUntil", { date: dayText(until) })
          : "";
  const state = effectiveStateOn(row, today);
  return (
    <Space size={4} wrap>
      <span data-testid="document-period">{text}</span>
      {state === "EXPIRED" && (
        <Tag color="red" data-testid="document-expired">
          {t("documents.expired")}
        </Tag>
      )}
      {state === "NOT_YET_EFFECTIVE" && (
        <Tag color="gold" data-testid="document-not-yet">
          {t("documents.notYetEffective")}
        </Tag>
      )}
    </Space>
  );
}

interface PeriodValues {
  effectiveDate?: Dayjs | null;
  effectiveUntil?: Dayjs | null;
}

const dayOf = (value: Dayjs | null | undefined) => (value ? value.format("YYYY-MM-DD") : null);

/** The two dates of a period; the end is checked against the start when either is left or picked. */
function PeriodFields({ span = 12 }: { span?: number }) {
  const { t } = useTranslation("tenders");
  return (
    <>
      <Col xs={12} md={span}>
        <Form.Item name="effectiveDate" label={t("documents.effectiveDate")}>
          <DatePicker style={{ width: "100%" }} format={dateInputFormat()} placeholder={t("documents.pickDate")} data-testid="document-effective-date" />
        </Form.Item>
      </Col>
      <Col xs={12} md={span}>
        <Form.Item
          name="effectiveUntil"
          label={t("documents.effectiveUntil")}
          dependencies={["effectiveDate"]}
          validateTrigger={["onChange", "onBlur"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: Dayjs | null | undefined) => {
                if (!isValidPeriod({ effectiveDate: dayOf(getFieldValue("effectiveDate")), effectiveUntil: dayOf(value) }))
                  throw new Error(t("validation.period"));
              },
            }),
          ]}
        >
          <DatePicker style={{ width: "100%" }} format={dateInputFormat()} placeholder={t("documents.openEnd")} data-testid="document-effective-until" />
        </Form.Item>
      </Col>
    </>
  );
}

/** Changes the effective period of one document (while the tender is editable); stale → 410. */
function PeriodDialog({ row, onClose, onSaved }: { row: TenderDocumentRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation("tenders");
  const [form] = Form.useForm<PeriodValues>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api(`${tenderDocumentsPath}/${row.id}`, {
        method: "PATCH",
        action: "tender-documents.patch",
        body: { updatedAt: row.updatedAt, effectiveDate: dayOf(values.effectiveDate), effectiveUntil: dayOf(values.effectiveUntil) },
      });
      notifySuccess(t("documents.periodSaved", { name: row.name }));
      onSaved();
      onClose();
    } catch (error) {
      notifyError("tender-documents.patch", error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t("documents.editPeriod", { name: row.name })}
      okText={t("documents.save")}
      cancelText={t("actions.close")}
      confirmLoading={busy}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="period-form"
        initialValues={{
          effectiveDate: row.effectiveDate ? dayjs(row.effectiveDate) : null,
          effectiveUntil: row.effectiveUntil ? dayjs(row.effectiveUntil) : null,
        }}
      >
        <Row gutter={12}>
          <PeriodFields />
        </Row>
      </Form>
    </Modal>
  );
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A list of documents with download; delete while the tender is editable. */
export function DocumentTable({
  documents,
  editable,
  onChanged,
  testId,
}: {
  documents: TenderDocumentRow[];
  editable?: boolean;
  onChanged?: () => void;
  testId: string;
}) {
  const { t } = useTranslation("tenders");
  const today = dayIn(useRegionTimeZone());
  const [editing, setEditing] = useState<TenderDocumentRow | null>(null);
  const remove = async (row: TenderDocumentRow) => {
    try {
      await api(`${tenderDocumentsPath}/${row.id}`, { method: "DELETE", action: "tender-documents.remove" });
      notifySuccess(t("documents.removed", { name: row.name }));
      onChanged?.();
    } catch (error) {
      notifyError("tender-documents.remove", error);
    }
  };
  const download = (row: TenderDocumentRow) =>
    downloadFile(tenderDocumentContentUrl(row.id), {}, row.name).catch((error) => notifyError("tender-documents.download", error));
  return (
    <>
      <Table<TenderDocumentRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={documents}
        data-testid={testId}
        locale={{ emptyText: t("documents.none") }}
        scroll={{ x: 760 }}
      >
        <Table.Column<TenderDocumentRow>
          title={t("documents.name")}
          render={(_, row) => (
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download(row)} data-testid="document-download">
              {row.name}
            </Button>
          )}
        />
        <Table.Column<TenderDocumentRow>
          dataIndex="description"
          title={t("documents.description")}
          render={(value) => <Typography.Text style={{ whiteSpace: "pre-wrap" }}>{value}</Typography.Text>}
        />
        <Table.Column<TenderDocumentRow>
          key="period"
          title={t("documents.effectivePeriod")}
          width={260}
          render={(_, row) => <EffectivePeriod row={row} today={today} />}
        />
        <Table.Column<TenderDocumentRow> dataIndex="size" title={t("documents.size")} width={90} align="right" render={sizeText} />
        <Table.Column<TenderDocumentRow> dataIndex="createdAt" title={t("documents.uploadedAt")} width={150} render={formatDateTime} />
        {editable && (
          <Table.Column<TenderDocumentRow>
            width={90}
            render={(_, row) => (
              <Space size={0}>
                <Button
                  type="text"
                  icon={<CalendarOutlined />}
                  aria-label={t("documents.editPeriod", { name: row.name })}
                  onClick={() => setEditing(row)}
                  data-testid="document-edit-period"
                />
                <Popconfirm
                  title={t("documents.confirmRemove", { name: row.name })}
                  onConfirm={() => remove(row)}
                  okText={t("documents.remove")}
                  cancelText={t("actions.close")}
                >
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("documents.remove")} />
                </Popconfirm>
              </Space>
            )}
          />
        )}
      </Table>
      {editing && <PeriodDialog row={editing} onClose={() => setEditing(null)} onSaved={() => onChanged?.()} />}
    </>
  );
}

interface UploadValues extends PeriodValues {
  description?: string;
  files?: UploadFile[];
}

/** Uploads files as documents of the tender, with a description (255 max, checked on blur) and an effective period. */
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
    if (values.effectiveUntil) body.append("effectiveUntil", values.effectiveUntil.format("YYYY-MM-DD"));
    const chosen = (values.files ?? []).filter((file) => file.originFileObj);
    for (const file of chosen) body.append("files", file.originFileObj!, file.name);
    setBusy(true);
    try {
      await api(tenderDocumentsPath, { method: "POST", body, action: "tender-documents.create" });
      notifySuccess(t("documents.uploaded", { count: chosen.length }));
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
        <Col xs={24} md={8}>
          <Form.Item
            name="description"
            label={t("documents.description")}
            validateTrigger="onBlur"
            rules={[
              {
                validator: async (_, value) => {
                  if (!isValidDocumentDescription(value)) throw new Error(t("validation.description", { max: documentDescriptionMaxLength }));
                },
              },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 4 }}
              showCount={{ formatter: ({ count }) => `${count} / ${documentDescriptionMaxLength}` }}
              data-testid="document-description"
            />
          </Form.Item>
        </Col>
        <PeriodFields span={4} />
        <Col xs={12} md={4}>
          <Form.Item
            name="files"
            label={t("documents.file")}
            valuePropName="fileList"
            getValueFromEvent={(event) => event?.fileList}
            rules={[
              { required: true, message: t("validation.file") },
              {
                // All or nothing: more than the limit is refused before any byte is sent, never cut silently.
                validator: async (_, files: UploadFile[] | undefined) => {
                  const count = files?.length ?? 0;
                  if (count > documentsPerUpload) throw new Error(t("validation.fileCount", { max: documentsPerUpload, count }));
                },
              },
            ]}
          >
            <Upload beforeUpload={() => false} multiple>
              <Button icon={<UploadOutlined />} data-testid="document-choose">
                {t("documents.choose")}
              </Button>
            </Upload>
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item label=" ">
            <Space>
              <Button type="primary" loading={busy} onClick={() => void upload().catch(() => undefined)} data-testid="document-upload">
                {t("documents.upload")}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
