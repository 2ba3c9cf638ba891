import { Alert, Divider, Form, Modal, Radio, Space, Typography } from "antd";
import { RadioGroup } from "../../../components/RadioGroup";
import { useTranslation } from "react-i18next";
import { DocumentTable, DocumentUpload, type TenderDocumentRow } from "./TenderDocuments";
import { conditionsOfContractsOptions } from "../../../../../backend/src/modules/tenders/services/tender-documents/tender-documents.shared";

export interface AttachmentsTabProps {
  tenderId: string;
  documents: TenderDocumentRow[];
  reload: () => void;
  /** Documents change only while the tender is editable (and the caller holds its lock). */
  editable: boolean;
  /**
   * Saves the tender with its new conditions of contract, deleting the files of the former ones
   * (spec §5 "the selection decides whether attached docs are deleted"); reloads the documents.
   */
  onConditionsReplaced?: () => Promise<unknown>;
}

/** The choice of conditions: changing it away from conditions that have files asks first, then deletes them. */
function ConditionsChoice({
  value,
  onChange,
  files,
  disabled,
  onConditionsReplaced,
}: {
  value?: string | null;
  onChange?: (value: string) => void;
  files: number;
  disabled: boolean;
  onConditionsReplaced?: () => Promise<unknown>;
}) {
  const { t } = useTranslation("tenders");
  const choose = (next: string) => {
    if (!value || files === 0 || !onConditionsReplaced) return onChange?.(next);
    Modal.confirm({
      title: t("conditions.replaceTitle"),
      content: t("conditions.replaceText", { count: files }),
      okText: t("conditions.replace"),
      okButtonProps: { danger: true },
      cancelText: t("actions.close"),
      onOk: async () => {
        onChange?.(next);
        // A failed save is told by its toast; the new choice stays and the next save replaces the files.
        await onConditionsReplaced().catch(() => undefined);
      },
    });
  };
  return (
    <RadioGroup value={value ?? undefined} disabled={disabled} onChange={(event) => choose(event.target.value)} data-testid="conditions-choice">
      <Space direction="vertical">
        {conditionsOfContractsOptions.map((option) => (
          <Radio key={option} value={option}>
            {t(`conditions.options.${option}`)}
          </Radio>
        ))}
      </Space>
    </RadioGroup>
  );
}

/**
 * The Attachments tab: the conditions of contract (chosen, with at least one file: checked on
 * submit) and the tender's other attachments, each with a description and an effective period.
 */
export function AttachmentsTab({ tenderId, documents, reload, editable, onConditionsReplaced }: AttachmentsTabProps) {
  const { t } = useTranslation("tenders");
  const conditions = documents.filter((document) => document.kind === "CONDITIONS");
  const attachments = documents.filter((document) => document.kind === "ATTACHMENT");
  return (
    <>
      <Typography.Title level={5}>{t("conditions.title")}</Typography.Title>
      <Form.Item name={["general", "conditionsOfContracts"]} label={t("conditions.choice")} required={editable}>
        <ConditionsChoice files={conditions.length} disabled={!editable} onConditionsReplaced={onConditionsReplaced} />
      </Form.Item>
      {editable && conditions.length === 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t("conditions.fileRequired")} data-testid="conditions-file-required" />
      )}
      <DocumentTable documents={conditions} editable={editable} onChanged={reload} testId="conditions-documents" />
      {editable && (
        <div style={{ marginTop: 12 }}>
          <DocumentUpload tenderId={tenderId} kind="CONDITIONS" onUploaded={reload} />
        </div>
      )}
      <Divider />
      <Typography.Title level={5}>{t("documents.attachments")}</Typography.Title>
      <DocumentTable documents={attachments} editable={editable} onChanged={reload} testId="attachment-documents" />
      {editable && (
        <div style={{ marginTop: 12 }}>
          <DocumentUpload tenderId={tenderId} kind="ATTACHMENT" onUploaded={reload} />
        </div>
      )}
    </>
  );
}
