import { Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AddendumLabel } from "./AddendumLabel";
import { formatDateTime, unitLabel } from "./format";
import type { AddendumChange } from "./rules";

/** A value of a change as people read it: dates of the closing, units, yes/no flags, empty as a dash. */
function shown(field: string, value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "closingAt") return formatDateTime(value as string);
  if (field === "itemUnit") return unitLabel(value);
  if (typeof value === "boolean") return value ? yes : no;
  return String(value);
}

/**
 * The changes of one version (addendum-diff.ts AddendumChange): N added, E edited, D removed, per
 * line item, group and tender field, with the values before and after; `pending` for an addendum
 * not issued yet (pending labels).
 */
export function ChangesTable({ changes, pending = false }: { changes: AddendumChange[]; pending?: boolean }) {
  const { t } = useTranslation("tender-revisions");
  const { t: tt } = useTranslation("tenders");
  const yes = t("values.yes");
  const no = t("values.no");
  const fieldName = (part: string, key: string) =>
    part === "general" || part === "scope" ? tt(`fields.${key}`, { defaultValue: key }) : tt(`items.${key}`, { defaultValue: key });

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
      return Object.keys(after)
        .map((field) =>
          t("changes.field", { field: fieldName("items", field), before: shown(field, before[field], yes, no), after: shown(field, after[field], yes, no) }),
        )
        .join("; ");
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

  return (
    <Table<AddendumChange>
      size="small"
      pagination={false}
      rowKey={(change) => change.path.join("/")}
      dataSource={changes}
      locale={{ emptyText: t("changes.none") }}
      data-testid="revision-changes"
    >
      <Table.Column<AddendumChange>
        title={t("labels.column")}
        width={90}
        render={(_, change) => <AddendumLabel label={pending ? `${change.kind}P` : change.kind} />}
      />
      <Table.Column<AddendumChange>
        title={t("changes.what")}
        render={(_, change) => <Typography.Text delete={change.kind === "D"}>{what(change)}</Typography.Text>}
      />
      <Table.Column<AddendumChange> title={t("changes.detail")} render={(_, change) => detail(change)} />
    </Table>
  );
}
