import { useState } from "react";
import { useSubscription } from "@refinedev/core";
import { Button, Card, List, Popconfirm, Select, Space, Tag, Typography, Upload } from "antd";
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  hotbDocumentContentUrl,
  hotbDocumentKindAllowed,
  hotbDocumentKinds,
  hotbDocumentsPath,
  type HotbDocumentKind,
} from "../../../../../backend/src/modules/handover/services/hotb-documents/hotb-documents.shared";
import { api, downloadFile } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { useUploadRules } from "../../../components/useUploadRules";
import { formatDateTime } from "../../../components/format";
import { mayChangeHotbDocuments } from "./rules";

interface HotbDocument {
  id: number;
  hotbId: number;
  kind: HotbDocumentKind;
  name: string;
  size: number;
  createdAt: string;
}

/**
 * The record's documents (spec hotb §3 `docIds`, `attachments`; §4 the signed or unsigned document
 * of a scheduled record): its readers list and download them (its tenant once it is scheduled);
 * staff who edit the record upload and remove them, attachments while it is editable, the signed or
 * unsigned document while it is scheduled or unsigned (the server's rule, hotb-documents.shared.ts).
 * Live: another user's upload or removal shows here too.
 */
export function HotbDocuments({ record, staff }: { record: Record<string, any>; staff: boolean }) {
  const { t } = useTranslation("hotb-documents");
  // The caller edits the record (its PIC, or updateOthers) in a state where some kind may change.
  const kinds = hotbDocumentKinds.filter((value) => hotbDocumentKindAllowed(value, record.status));
  const edits = staff && mayChangeHotbDocuments(record, () => kinds.length > 0);
  const [chosen, setChosen] = useState<HotbDocumentKind>();
  const kind = chosen && kinds.includes(chosen) ? chosen : kinds[0];
  const documents = useQuery({
    queryKey: [hotbDocumentsPath, record.id],
    queryFn: () => api<{ data: HotbDocument[] }>(hotbDocumentsPath, { query: { hotbId: record.id } }).then((page) => page.data),
  });
  useSubscription({
    channel: `resources/${hotbDocumentsPath}`,
    types: ["*"],
    onLiveEvent: (event) => {
      const hotbId = event.payload.record?.hotbId;
      if (hotbId === undefined || String(hotbId) === String(record.id)) void documents.refetch();
    },
  });
  const rules = useUploadRules({ maxCount: 1 });
  const upload = async (file: File) => {
    if (!kind) return;
    const body = new FormData();
    body.append("hotbId", String(record.id));
    body.append("kind", kind);
    body.append("updatedAt", String(record.updatedAt));
    body.append("files", file, file.name);
    try {
      await api(hotbDocumentsPath, { method: "POST", body, action: `${hotbDocumentsPath}.create` });
      notifySuccess(t("uploaded"));
      void documents.refetch();
    } catch (error) {
      notifyError(`${hotbDocumentsPath}.create`, error);
    }
  };
  const remove = async (id: number) => {
    try {
      await api(`${hotbDocumentsPath}/${id}`, { method: "DELETE", action: `${hotbDocumentsPath}.remove` });
      notifySuccess(t("removed"));
      void documents.refetch();
    } catch (error) {
      notifyError(`${hotbDocumentsPath}.remove`, error);
    }
  };
  return (
    <Card title={t("title")} data-testid="hotb-documents">
      <Space direction="vertical" style={{ width: "100%" }}>
        <List
          rowKey="id"
          size="small"
          loading={documents.isLoading}
          dataSource={documents.data ?? []}
          locale={{ emptyText: t("none") }}
          renderItem={(document) => (
            <List.Item
              data-testid="hotb-document"
              actions={
                edits && hotbDocumentKindAllowed(document.kind, record.status)
                  ? [
                      <Popconfirm key="remove" title={t("removeConfirm", { name: document.name })} onConfirm={() => remove(document.id)}>
                        <Button
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t("remove", { name: document.name })}
                          data-testid="hotb-document-remove"
                        />
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <Space wrap>
                <Tag data-testid="hotb-document-kind">{t(`kinds.${document.kind}`)}</Tag>
                <Button
                  type="link"
                  size="small"
                  icon={<PaperClipOutlined />}
                  data-testid="hotb-document-download"
                  onClick={() => downloadFile(hotbDocumentContentUrl(document.id), {}, document.name).catch((error) => notifyError("files.download", error))}
                >
                  {document.name}
                </Button>
                <Typography.Text type="secondary">{formatDateTime(document.createdAt)}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
        {edits && kind && (
          <Space wrap>
            <Select<HotbDocumentKind>
              aria-label={t("kind")}
              value={kind}
              onChange={setChosen}
              style={{ width: 220 }}
              data-testid="hotb-document-kind-select"
              options={kinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            />
            <Upload showUploadList={false} accept={rules.accept} beforeUpload={rules.sendEach(upload)}>
              <Button icon={<UploadOutlined />} data-testid="hotb-document-upload">
                {t("upload")}
              </Button>
            </Upload>
          </Space>
        )}
      </Space>
    </Card>
  );
}
