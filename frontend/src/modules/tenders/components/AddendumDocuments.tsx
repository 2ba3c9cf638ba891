import { useState } from "react";
import { Button, ConfigProvider, Space, Typography, Upload } from "antd";
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { apiUrl, downloadFile } from "../../../providers/api";
import { notifyError } from "../../../providers/notifications";
import { session } from "../../../providers/session";
import { useUploadRules } from "../../../components/useUploadRules";

export interface AddendumDocument {
  id: number;
  name: string;
}

/** Downloads a document of an addendum through the tender (who reads the tender reads its documents). */
export const downloadAddendumDocument = (tenderId: string, document: AddendumDocument) =>
  downloadFile(`tender-revisions/${tenderId}/documents/${document.id}`, {}, document.name).catch((error) => notifyError("files.download", error));

/** One multipart upload to the files service; answers the stored file. */
async function uploadFile(file: File, tenderId: string): Promise<AddendumDocument> {
  const form = new FormData();
  form.append("file", file, file.name);
  form.append("ownerResource", "tenders");
  form.append("ownerId", tenderId);
  const { token, language } = session.get();
  const response = await fetch(apiUrl("files"), {
    method: "POST",
    body: form,
    headers: { Accept: "application/json", "Accept-Language": language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(body.message ?? response.statusText), { status: response.status });
  return (Array.isArray(body) ? body[0] : body) as AddendumDocument;
}

/**
 * The addendum's documents: listed with their download; while the addendum is edited, uploaded
 * and removed (`onChange` saves the new list of file ids with the addendum).
 */
export function AddendumDocuments({
  tenderId,
  documents,
  editable,
  onChange,
}: {
  tenderId: string;
  documents: AddendumDocument[];
  editable?: boolean;
  onChange?: (documentIds: number[]) => Promise<unknown>;
}) {
  const { t } = useTranslation("tender-revisions");
  const [busy, setBusy] = useState(false);
  const rules = useUploadRules({ place: "tenders", maxCount: 1 });
  const change = async (ids: number[]) => {
    setBusy(true);
    try {
      await onChange?.(ids);
    } finally {
      setBusy(false);
    }
  };
  // Downloads stay open on read-only tender screens (their form disables its controls).
  return (
    <ConfigProvider componentDisabled={false}>
      <Space direction="vertical" style={{ width: "100%" }} data-testid="addendum-documents">
        {documents.length === 0 && <Typography.Text type="secondary">{t("documents.none")}</Typography.Text>}
        {documents.map((document) => (
          <Space key={document.id}>
            <Button type="link" icon={<PaperClipOutlined />} onClick={() => void downloadAddendumDocument(tenderId, document)}>
              {document.name}
            </Button>
            {editable && (
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t("documents.remove")}
                title={t("documents.remove")}
                disabled={busy}
                onClick={() => void change(documents.filter((other) => other.id !== document.id).map((other) => other.id))}
              />
            )}
          </Space>
        ))}
        {editable && (
          <Upload
            showUploadList={false}
            multiple={false}
            disabled={busy}
            accept={rules.accept}
            beforeUpload={rules.beforeUpload}
            customRequest={({ file, onSuccess, onError }) => {
              setBusy(true);
              uploadFile(file as File, tenderId)
                .then(async (stored) => {
                  await onChange?.([...documents.map((document) => document.id), stored.id]);
                  onSuccess?.(stored);
                })
                .catch((error) => {
                  notifyError("files.upload", error);
                  onError?.(error);
                })
                .finally(() => setBusy(false));
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="addendum-upload">
              {t("documents.upload")}
            </Button>
          </Upload>
        )}
      </Space>
    </ConfigProvider>
  );
}
