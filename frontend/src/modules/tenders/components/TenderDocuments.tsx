import { useCallback, useEffect, useState } from "react";
import { Button, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { CalendarOutlined, DeleteOutlined, DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useSubscription } from "@refinedev/core";
import { api, downloadFile } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { formatDate, formatDateTime } from "./format";
import { RecordUpload, type PeriodTexts } from "../../../components/RecordUpload";
import { DocumentDetailsDialog } from "../../../components/DocumentDetailsDialog";
import { useRegionTimeZone } from "./api";
import { dayIn, effectiveStateOn, type DocumentSortType } from "../../../../../backend/src/services/files/effective-period.shared";
import {
  documentDescriptionMaxLength,
  documentsPerUpload,
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

/** The words of the period fields in the tenders' catalogue. */
function usePeriodTexts(): PeriodTexts {
  const { t } = useTranslation("tenders");
  return {
    effectiveDate: t("documents.effectiveDate"),
    effectiveUntil: t("documents.effectiveUntil"),
    pickDate: t("documents.pickDate"),
    openEnd: t("documents.openEnd"),
    periodInvalid: t("validation.period"),
  };
}

/** Changes the effective period of one document (while the tender is editable); stale → 410. */
function PeriodDialog({ row, onClose, onSaved }: { row: TenderDocumentRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation("tenders");
  return (
    <DocumentDetailsDialog
      path={tenderDocumentsPath}
      action="tender-documents.patch"
      row={row}
      texts={{
        ...usePeriodTexts(),
        title: t("documents.editPeriod", { name: row.name }),
        save: t("documents.save"),
        cancel: t("actions.close"),
        saved: t("documents.periodSaved", { name: row.name }),
      }}
      onClose={onClose}
      onSaved={onSaved}
    />
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

/** Uploads files as documents of the tender, with a description (255 max, checked on blur) and an effective period. */
export function DocumentUpload({ tenderId, kind, onUploaded }: { tenderId: string; kind: TenderDocumentKind; onUploaded: () => void }) {
  const { t } = useTranslation("tenders");
  return (
    <RecordUpload
      path={tenderDocumentsPath}
      action="tender-documents.create"
      place="tenders"
      record={{ tenderId, kind }}
      descriptionMax={documentDescriptionMaxLength}
      multilineDescription
      maxFiles={documentsPerUpload}
      onUploaded={onUploaded}
      testId={`upload-${kind}`}
      texts={{
        ...usePeriodTexts(),
        description: t("documents.description"),
        descriptionInvalid: t("validation.description", { max: documentDescriptionMaxLength }),
        file: t("documents.file"),
        fileRequired: t("validation.file"),
        choose: t("documents.choose"),
        upload: t("documents.upload"),
        uploaded: (count) => t("documents.uploaded", { count }),
      }}
    />
  );
}
