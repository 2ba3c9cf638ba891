import { useState } from "react";
import { Button, Upload, type UploadFile } from "antd";
import { PaperClipOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { notifyError } from "../../../providers/notifications";
import { useUploadRules } from "../../../components/useUploadRules";
import { projectPoAttachmentsPath } from "../../../../../backend/src/modules/projects/services/project-po-attachments/project-po-attachments.shared";

/**
 * The purchase order or contract attachment of a new project (spec §8 POST projects
 * {..., poAttachmentId}): one file, uploaded as soon as it is chosen (the region's upload
 * settings apply); the form keeps its id. Removing it clears the field.
 */
export function PoAttachmentField({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  const { t } = useTranslation("project-documents");
  const [files, setFiles] = useState<UploadFile[]>([]);
  const rules = useUploadRules({ place: "projects", maxCount: 1 });
  return (
    <Upload
      maxCount={1}
      accept={rules.accept}
      beforeUpload={rules.beforeUpload}
      fileList={files}
      onRemove={() => {
        setFiles([]);
        onChange?.(null);
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        const body = new FormData();
        body.append("files", file as Blob, (file as File).name);
        try {
          const stored = await api<{ id: number; name: string }>(projectPoAttachmentsPath, { method: "POST", body, action: "project-po-attachments.create" });
          onChange?.(stored.id);
          onSuccess?.(stored);
        } catch (error) {
          notifyError("project-po-attachments.create", error);
          onChange?.(null);
          onError?.(error as Error);
        }
      }}
      onChange={({ fileList }) => setFiles(fileList.slice(-1))}
    >
      {!value && files.length === 0 && (
        <Button icon={<PaperClipOutlined />} data-testid="po-attachment-choose">
          {t("poAttachment.choose")}
        </Button>
      )}
    </Upload>
  );
}
