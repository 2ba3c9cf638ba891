import { useState } from "react";
import { Button } from "antd";
import { FilePdfOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../../../providers/api";
import { notifyError } from "../../../providers/notifications";
import { documentFileName, documentUrl, type DocumentType } from "../../../../../backend/src/modules/tenders/services/documents/documents.shared";

/** Downloads one of the tender PDFs (spec §7 "PDF export"), printed by the server in the reader's language. */
export const downloadDocument = (type: DocumentType, id: string | number, prNumber: string) =>
  downloadFile(documentUrl(type, id), {}, documentFileName(type, prNumber)).catch((error) => notifyError("documents.get", error));

/**
 * A button for a tender PDF: the tender summary (tender id), a bid (bid id) or a query (query id).
 * The server decides what the reader may see in it (sealed prices, a vendor's own bid only).
 */
export function DocumentButton({
  type,
  id,
  prNumber,
  size,
  label,
}: {
  type: DocumentType;
  id: string | number;
  prNumber: string;
  size?: "small" | "middle";
  label?: string;
}) {
  const { t } = useTranslation("tenders");
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadDocument(type, id, prNumber);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size={size} icon={<FilePdfOutlined />} loading={busy} onClick={() => void download()} data-testid={`pdf-${type}`}>
      {label ?? t(`pdf.${type}`)}
    </Button>
  );
}
