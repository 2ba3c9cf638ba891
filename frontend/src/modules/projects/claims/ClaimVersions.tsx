import { useState } from "react";
import { Button, Empty, List, Modal, Space, Spin, Table, Tag, Typography } from "antd";
import { DiffOutlined, FilePdfOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../../components/format";
import { downloadFile } from "../../../providers/api";
import { notifyError } from "../../../providers/notifications";
import { type claimVersionChanges, type FieldChange, type LineChange } from "../../../../../backend/src/modules/projects/claims/claim-versions.shared";
import { claimCertificateUrl } from "../../../../../backend/src/modules/projects/claims/documents/certificate.shared";
import { amountText, claimPdfUrl, versionChanges, type Submission } from "./api";

const NS = "project-submissions";

/** A compared value as read: amounts as money, types by their label, dates as dates. */
function useValueText() {
  const { t } = useTranslation(NS);
  return (field: string, value: string | number | null) => {
    if (value === null) return "—";
    if (field.endsWith("Cents")) return amountText(Number(value));
    if (field === "completionType") return t(`completionType.${value}`);
    if (field === "invoiceDate") return formatDate(value);
    return String(value);
  };
}

/** What changed from the version before (issue 12 item 5 "compare with previous"): the claim's fields, then its lines. */
export function VersionChanges({ fields, lines }: { fields: FieldChange[]; lines: LineChange[] }) {
  const { t } = useTranslation(NS);
  const text = useValueText();
  if (fields.length === 0 && lines.length === 0) return <Typography.Text data-testid="compare-none">{t("compare.none")}</Typography.Text>;
  const cell = (pair?: { before: number | null; after: number | null }) => (pair ? `${text("Cents", pair.before)} → ${text("Cents", pair.after)}` : "");
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {fields.length > 0 && (
        <Table<FieldChange>
          size="small"
          rowKey="field"
          pagination={false}
          dataSource={fields}
          data-testid="compare-fields"
          columns={[
            { key: "field", title: t("compare.field"), render: (_, change) => t(`fields.${change.field}`) },
            { key: "before", title: t("compare.before"), render: (_, change) => text(change.field, change.before) },
            { key: "after", title: t("compare.after"), render: (_, change) => <strong>{text(change.field, change.after)}</strong> },
          ]}
        />
      )}
      {lines.length > 0 && (
        <Table<LineChange>
          size="small"
          rowKey="item"
          pagination={false}
          dataSource={lines}
          data-testid="compare-lines"
          scroll={{ x: 560 }}
          columns={[
            { key: "item", title: t("compare.line"), dataIndex: "item" },
            { key: "change", title: t("compare.lineChanges"), render: (_, change) => <Tag>{t(`compare.${change.change}`)}</Tag> },
            { key: "work", title: t("fields.workThisPeriodCents"), render: (_, change) => cell(change.workThisPeriodCents) },
            { key: "stored", title: t("fields.materialsStoredCents"), render: (_, change) => cell(change.materialsStoredCents) },
          ]}
        />
      )}
    </Space>
  );
}

/**
 * The claim's submitted versions (each frozen), newest first: when, its PDF with the SHA-256 of
 * the stored file, and what changed from the version before.
 */
export function ClaimVersions({ claim, projectNumber, onDownloaded }: { claim: Submission; projectNumber?: string; onDownloaded?: () => void }) {
  const { t } = useTranslation(NS);
  const [comparing, setComparing] = useState<number | null>(null);
  const [changes, setChanges] = useState<ReturnType<typeof claimVersionChanges> | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const versions = [...(claim.versions ?? [])].sort((a, b) => b.version - a.version);
  if (versions.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("versions.none")} />;

  const compare = async (version: number) => {
    setComparing(version);
    setChanges(null);
    try {
      setChanges((await versionChanges(claim.id, version)) ?? { fields: [], lines: [] });
    } catch (error) {
      setComparing(null);
      notifyError("project-submissions.get", error);
    }
  };
  const download = async (version: number, certificate = false) => {
    setBusy(`${certificate ? "certificate" : "pdf"}-${version}`);
    try {
      const name = certificate
        ? `Claim Certificate ${projectNumber ?? ""} ${claim.order}-v${version}.pdf`
        : `Project Submission ${projectNumber ?? ""} ${claim.order}-v${version}.pdf`;
      await downloadFile(certificate ? claimCertificateUrl(claim.id, version) : claimPdfUrl(claim.id, version), {}, name.replace(/\s+/g, " "));
      // The first download stores the document and its SHA-256 on the version: read it back.
      if (!certificate) onDownloaded?.();
    } catch (error) {
      notifyError("documents.get", error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <List
        data-testid="claim-versions"
        rowKey="version"
        dataSource={versions}
        renderItem={(entry) => (
          <List.Item data-testid="claim-version" data-version={entry.version}>
            <Space direction="vertical" size={4} style={{ width: "100%", minWidth: 0 }}>
              <Space wrap>
                <Typography.Text strong>{t("compare.version", { version: entry.version })}</Typography.Text>
                <Typography.Text type="secondary">
                  {t("versions.submittedAt")} {formatDateTime(entry.submittedAt)}
                </Typography.Text>
                {entry.decision && (
                  <Tag color={entry.decision === "ACCEPTED" ? "green" : "red"} data-testid="claim-version-decision">
                    {t("versions.decided", { decision: t(`decision.${entry.decision}`), at: formatDateTime(entry.decidedAt) })}
                  </Tag>
                )}
              </Space>
              <Typography.Text style={{ wordBreak: "break-all" }} data-testid="claim-version-sha">
                {t("versions.sha256")}:{" "}
                {entry.pdfSha256 ? (
                  <Typography.Text code copyable>
                    {entry.pdfSha256}
                  </Typography.Text>
                ) : (
                  t("versions.pending")
                )}
              </Typography.Text>
              <Space wrap>
                <Button
                  size="small"
                  icon={<FilePdfOutlined />}
                  loading={busy === `pdf-${entry.version}`}
                  onClick={() => void download(entry.version)}
                  data-testid="claim-pdf"
                >
                  {t("versions.download")}
                </Button>
                {/* The decision taken after the version froze has its own document (the version's PDF stays as submitted). */}
                {entry.decision && (
                  <Button
                    size="small"
                    icon={<SafetyCertificateOutlined />}
                    loading={busy === `certificate-${entry.version}`}
                    onClick={() => void download(entry.version, true)}
                    data-testid="claim-certificate"
                  >
                    {t("versions.certificate")}
                  </Button>
                )}
                {entry.version > 1 && (
                  <Button size="small" icon={<DiffOutlined />} onClick={() => void compare(entry.version)} data-testid="claim-compare">
                    {t("versions.compare")}
                  </Button>
                )}
              </Space>
            </Space>
          </List.Item>
        )}
      />
      <Modal
        open={comparing !== null}
        title={comparing !== null ? `${t("compare.title")} · ${t("compare.version", { version: comparing })}` : ""}
        footer={null}
        onCancel={() => setComparing(null)}
        width={760}
        destroyOnHidden
      >
        {changes ? <VersionChanges {...changes} /> : <Spin />}
      </Modal>
    </>
  );
}
