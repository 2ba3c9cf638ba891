import { useState } from "react";
import { Button, List, Select, Space, Upload } from "antd";
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useUploadRules } from "../../../components/useUploadRules";
import { useTranslation } from "react-i18next";
import {
  greenDocumentContentUrl,
  greenDocumentTypes,
  greenDocumentsPath,
  type GreenDocumentType,
} from "../../../../../backend/src/modules/tenancies/services/green-operations/green-operations.shared";
import { api, downloadFile } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";

interface GreenDocument {
  id: number;
  docType: GreenDocumentType;
  name: string;
  uploadedBy: number | null;
}

/**
 * The documents of one green operation record by type (spec §3); who may update it (staff, a
 * tenant its own tenancy's) uploads them and removes those `removable` lets them (a tenant: its own uploads).
 */
export function GreenDocuments({
  recordId,
  mayChange,
  removable,
}: {
  recordId: number;
  mayChange: boolean;
  removable: (document: { uploadedBy: number | null }) => boolean;
}) {
  const { t } = useTranslation("green-operations");
  const [docType, setDocType] = useState<GreenDocumentType>("ELECTRICITY_BILL");
  const documents = useQuery({
    queryKey: [greenDocumentsPath, recordId],
    queryFn: () => api<{ data: GreenDocument[] }>(`${greenDocumentsPath}?greenOperationId=${recordId}`).then((page) => page.data),
  });
  const rules = useUploadRules({ place: "green-operations", maxCount: 1 });
  const upload = async (file: File) => {
    const body = new FormData();
    body.append("greenOperationId", String(recordId));
    body.append("docType", docType);
    body.append("files", file, file.name);
    try {
      await api(greenDocumentsPath, { method: "POST", body, action: "green-operation-documents.create" });
      notifySuccess(t("done.uploaded"));
      void documents.refetch();
    } catch (error) {
      notifyError("green-operation-documents.create", error);
    }
  };
  const remove = async (id: number) => {
    try {
      await api(`${greenDocumentsPath}/${id}`, { method: "DELETE", action: "green-operation-documents.remove" });
      notifySuccess(t("done.removed"));
      void documents.refetch();
    } catch (error) {
      notifyError("green-operation-documents.remove", error);
    }
  };
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid={`green-documents-${recordId}`}>
      <List
        rowKey="id"
        size="small"
        loading={documents.isLoading}
        dataSource={documents.data ?? []}
        locale={{ emptyText: t("documents.none") }}
        renderItem={(document) => (
          <List.Item
            actions={
              mayChange && removable(document)
                ? [
                    <Button
                      key="remove"
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t("actions.delete")}
                      onClick={() => remove(document.id)}
                    />,
                  ]
                : []
            }
          >
            <Space wrap>
              <span>{t(`docTypes.${document.docType}`)}</span>
              <Button
                type="link"
                size="small"
                icon={<PaperClipOutlined />}
                onClick={() => downloadFile(greenDocumentContentUrl(document.id), {}, document.name).catch((error) => notifyError("files.download", error))}
              >
                {document.name}
              </Button>
            </Space>
          </List.Item>
        )}
      />
      {mayChange && (
        <Space wrap>
          <Select<GreenDocumentType>
            aria-label={t("documents.type")}
            value={docType}
            onChange={setDocType}
            style={{ width: 200 }}
            options={greenDocumentTypes.map((value) => ({ value, label: t(`docTypes.${value}`) }))}
          />
          <Upload showUploadList={false} accept={rules.accept} beforeUpload={rules.sendEach(upload)}>
            <Button icon={<UploadOutlined />}>{t("documents.upload")}</Button>
          </Upload>
        </Space>
      )}
    </Space>
  );
}
