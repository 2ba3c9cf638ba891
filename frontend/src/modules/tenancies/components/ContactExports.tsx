import { useState } from "react";
import { useCan } from "@refinedev/core";
import { Button, Card, Space, Typography } from "antd";
import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined } from "@ant-design/icons";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../../../providers/api";
import { notifyError } from "../../../providers/notifications";

type Kind = "emergency" | "marketing";
const filterOf: Record<Kind, Record<string, string>> = { emergency: { isEmergency: "true" }, marketing: { isMarketing: "true" } };
const rightOf: Record<Kind, string> = { emergency: "exportEmergency", marketing: "exportMarketing" };

/** Downloads the spreadsheet of every emergency (or marketing) contact of the tenancies the user reads. */
export function ContactExportButton({ kind }: { kind: Kind }) {
  const { t } = useTranslation("tenancies");
  const { data: may } = useCan({ resource: "tenancy-contacts", action: rightOf[kind] });
  if (!may?.can) return null;
  const download = () =>
    downloadFile("exports/tenancy-contacts", { query: filterOf[kind] }, `${kind}-contacts.xlsx`).catch((error) =>
      notifyError(`tenancy-contacts.${rightOf[kind]}`, error),
    );
  return (
    <Button icon={<DownloadOutlined />} onClick={() => void download()} data-testid={`export-${kind}`}>
      {t(`contacts.export.${kind}`)}
    </Button>
  );
}

/** The spec's /export-emergency and /export-marketing screens: the spreadsheet of those contacts. */
export function ContactExportPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation("tenancies");
  return (
    <Card title={t(`contacts.export.${kind}`)}>
      <Space direction="vertical">
        <Typography.Paragraph>{t(`contacts.export.${kind}Hint`)}</Typography.Paragraph>
        <ContactExportButton kind={kind} />
        {kind === "emergency" && <CallTreeDownload />}
      </Space>
    </Card>
  );
}

/** The per-building emergency call tree as a PDF or a spreadsheet (in the reader's language, office-hour and out-of-office order). */
function CallTreeDownload() {
  const { t } = useTranslation("tenancies");
  const [buildingId, setBuildingId] = useState<number | undefined>();
  const download = (format: "pdf" | "xlsx") =>
    downloadFile(`documents/emergency-call-tree/${buildingId}`, format === "xlsx" ? { query: { format } } : {}, `emergency-call-tree.${format}`).catch(
      (error) => notifyError("documents.find", error),
    );
  return (
    <Space wrap>
      <RecordSelect
        resource="buildings"
        searchField="code"
        style={{ width: 160 }}
        value={buildingId}
        onChange={(value: unknown) => setBuildingId(value as number)}
        placeholder={t("contacts.export.building")}
        aria-label={t("contacts.export.building")}
        data-testid="call-tree-building"
      />
      <Button icon={<FilePdfOutlined />} disabled={!buildingId} onClick={() => void download("pdf")} data-testid="call-tree-pdf">
        {t("contacts.export.callTree")}
      </Button>
      <Button icon={<FileExcelOutlined />} disabled={!buildingId} onClick={() => void download("xlsx")} data-testid="call-tree-xlsx">
        {t("contacts.export.callTreeSheet")}
      </Button>
    </Space>
  );
}
