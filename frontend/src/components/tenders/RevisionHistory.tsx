import { useList, type BaseRecord } from "@refinedev/core";
import { Button, Card, Empty, Space, Spin, Table, Typography } from "antd";
import { PaperClipOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { AddendumLabel } from "./AddendumLabel";
import { callMethod } from "./api";
import { formatDate, formatDateTime } from "./format";
import { tenderUnits, type AddendumChange } from "./rules";
import { downloadFile } from "../../providers/api";
import { notifyError, notifySuccess } from "../../providers/notifications";

const unitLabel = (code: unknown) => tenderUnits.find((unit) => unit.code === code)?.label ?? String(code ?? "");

/** A value of a change as people read it: dates of the closing, units, yes/no flags, empty as a dash. */
function shown(field: string, value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "closingAt") return formatDateTime(value as string);
  if (field === "itemUnit") return unitLabel(value);
  if (typeof value === "boolean") return value ? yes : no;
  return String(value);
}

/**
 * The revision history of a tender (spec §3 Revision, §7 Revisions): each issued version with its
 * changes (N added, E edited, D removed), its comment and its documents, newest first. The
 * original issue is version 0. `canComment`: the person in charge edits the addendum comment.
 */
export function RevisionHistory({ tender, canComment = false }: { tender: Record<string, any>; canComment?: boolean }) {
  const { t } = useTranslation("tender-revisions");
  const { t: tt } = useTranslation("tenders");
  const { query } = useList<BaseRecord>({
    resource: "tender-revisions",
    filters: [{ field: "tenderId", operator: "eq", value: tender.id }],
    sorters: [{ field: "version", order: "desc" }],
    pagination: { mode: "off" },
    liveMode: "off",
  });
  const revisions = query.data?.data ?? [];
  const yes = t("values.yes");
  const no = t("values.no");
  const fieldName = (part: string, key: string) => (part === "general" || part === "scope" ? tt(`fields.${key}`, { defaultValue: key }) : tt(`items.${key}`, { defaultValue: key }));

  const what = (change: AddendumChange) => {
    const [part, groupOrKey, third] = change.path;
    if (part === "closingAt") return tt("fields.closingAt");
    if (part === "validityDays") return tt("fields.validityDays");
    if (part === "general" || part === "scope") return `${t(`parts.${part}`)}: ${fieldName(part, groupOrKey)}`;
    if (change.item) return `${change.item.itemNo ?? ""} ${change.item.itemDesc ?? ""}`.trim();
    if (third === "name") return t("changes.groupRenamed");
    return `${t("changes.group")}: ${String(change.kind === "D" ? change.lhs : change.rhs) || "—"}`;
  };
  const detail = (change: AddendumChange) => {
    const [part, , third] = change.path;
    if (change.item && change.kind === "E") {
      const before = (change.lhs ?? {}) as Record<string, unknown>;
      const after = (change.rhs ?? {}) as Record<string, unknown>;
      return Object.keys(after).map((field) => `${fieldName("items", field)}: ${shown(field, before[field], yes, no)} → ${shown(field, after[field], yes, no)}`).join("; ");
    }
    if (change.item) {
      const item = change.item;
      return `${shown("itemQty", item.itemQty, yes, no)} ${unitLabel(item.itemUnit)}`;
    }
    if (third === "name" || part === "closingAt" || part === "validityDays" || part === "general" || part === "scope") {
      const field = part === "closingAt" ? "closingAt" : "";
      return `${shown(field, change.lhs, yes, no)} → ${shown(field, change.rhs, yes, no)}`;
    }
    return "";
  };

  const saveComment = async (revision: BaseRecord, comment: string) => {
    if (comment === (revision.comment ?? "")) return;
    try {
      await callMethod("tender-revisions", "comment", { id: revision.id, updatedAt: revision.updatedAt, comment });
      notifySuccess(t("done.comment"));
    } catch (error) {
      notifyError("tender-revisions.comment", error);
    }
    await query.refetch();
  };

  if (query.isLoading) return <Spin style={{ display: "block", margin: 24 }} />;
  return (
    <Space direction="vertical" style={{ width: "100%" }} size="middle" data-testid="revision-history">
      {revisions.map((revision) => (
        <Card key={String(revision.id)} size="small" data-testid={`revision-${revision.version}`}
          title={<Space><span>{t("version", { version: revision.version })}</span><Typography.Text type="secondary">{t("issuedOn", { date: formatDateTime(revision.createdAt) })}</Typography.Text></Space>}>
          <Typography.Paragraph type={revision.comment ? undefined : "secondary"} data-testid="revision-comment"
            editable={canComment ? { onChange: (value) => void saveComment(revision, value.trim()), text: revision.comment ?? "", tooltip: t("actions.editComment"), maxLength: 4000 } : false}>
            {revision.comment || t("noComment")}
          </Typography.Paragraph>
          <Table<AddendumChange> size="small" pagination={false} rowKey={(change) => change.path.join("/")} dataSource={(revision.changes ?? []) as AddendumChange[]}
            locale={{ emptyText: t("changes.none") }} data-testid="revision-changes">
            <Table.Column<AddendumChange> title={t("labels.column")} width={90} render={(_, change) => <AddendumLabel label={change.kind} />} />
            <Table.Column<AddendumChange> title={t("changes.what")} render={(_, change) => <Typography.Text delete={change.kind === "D"}>{what(change)}</Typography.Text>} />
            <Table.Column<AddendumChange> title={t("changes.detail")} render={(_, change) => detail(change)} />
          </Table>
          {(revision.documents ?? []).length > 0 && (
            <Space wrap style={{ marginTop: 8 }}>
              {(revision.documents as { id: number; name: string }[]).map((document) => (
                <Button key={document.id} type="link" icon={<PaperClipOutlined />} onClick={() => void downloadFile(`files/${document.id}/content`, {}, document.name)}>{document.name}</Button>
              ))}
            </Space>
          )}
        </Card>
      ))}
      <Card size="small" data-testid="revision-0" styles={revisions.length ? { body: { display: "none" } } : undefined} title={<Space><span>{t("version", { version: 0 })}</span><Typography.Text type="secondary">{t("original", { date: formatDate(tender.issuedAt) })}</Typography.Text></Space>}>
        {revisions.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("none")} />}
      </Card>
    </Space>
  );
}
