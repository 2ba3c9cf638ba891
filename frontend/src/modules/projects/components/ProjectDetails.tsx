import { useMany, useOne, type BaseRecord } from "@refinedev/core";
import { Descriptions, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatDate, formatMoney, formatPercent, fromCents } from "../../../components/format";
import { useSession } from "../../../providers/session";

/** The project's fields as the spec lists them (§3 Project): vendor, person in charge, number, site, money, dates, location. */
export function ProjectDetails({ record, staff }: { record: Record<string, any>; staff: boolean }) {
  const { t } = useTranslation("projects");
  const userId = useSession((s) => s.user?.id);
  const company = useOne({ resource: "companies", id: record.companyId, queryOptions: { enabled: Boolean(record.companyId) } });
  const site = useOne({ resource: "sites", id: record.siteId, queryOptions: { enabled: Boolean(record.siteId) } });
  const buildings = useMany({ resource: "buildings", ids: record.buildingIds ?? [], queryOptions: { enabled: (record.buildingIds ?? []).length > 0 } });
  // Only those who read accounts see another person's name; everybody knows when it is them.
  const manager = useOne({
    resource: "users",
    id: record.managedBy,
    queryOptions: { enabled: staff && Boolean(record.managedBy) && record.managedBy !== userId, retry: false },
  });
  const money = (cents: unknown) => formatMoney(fromCents(Number(cents ?? 0)), record.currency);
  const managerName = record.managedBy === userId ? t("you") : (manager.query.data?.data?.displayName ?? (record.managedBy ? `#${record.managedBy}` : ""));
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 3 }} data-testid="project-details">
      <Descriptions.Item label={t("fields.numberType")}>{t(`numberTypes.${record.numberType}`)}</Descriptions.Item>
      <Descriptions.Item label={t("fields.number")}>{record.number}</Descriptions.Item>
      {record.numberType === "CONTRACT" && <Descriptions.Item label={t("fields.revisionNum")}>{record.revisionNum}</Descriptions.Item>}
      {staff && <Descriptions.Item label={t("fields.companyId")}>{company.query.data?.data?.name ?? ""}</Descriptions.Item>}
      {staff && <Descriptions.Item label={t("fields.managedBy")}>{managerName}</Descriptions.Item>}
      <Descriptions.Item label={t("fields.type")}>{record.type ?? ""}</Descriptions.Item>
      <Descriptions.Item label={t("fields.siteId")}>{site.query.data?.data?.name ?? ""}</Descriptions.Item>
      <Descriptions.Item label={t("fields.buildingIds")}>
        {(buildings.result?.data ?? []).map((building: BaseRecord) => building.code).join(", ")}
      </Descriptions.Item>
      <Descriptions.Item label={t("fields.projectLocation")}>{record.projectLocation ?? ""}</Descriptions.Item>
      <Descriptions.Item label={t("fields.totalAmount")}>{money(record.totalAmountCents)}</Descriptions.Item>
      <Descriptions.Item label={t("fields.deduction")}>
        {money(record.deductionCents)}
        {record.deductionReason ? ` — ${record.deductionReason}` : ""}
      </Descriptions.Item>
      <Descriptions.Item label={t("fields.retentionPercent")}>{formatPercent(record.retentionPercent)}</Descriptions.Item>
      <Descriptions.Item label={t("fields.actualCommencementDate")}>{formatDate(record.actualCommencementDate)}</Descriptions.Item>
      <Descriptions.Item label={t("fields.actualCompletionDate")}>{formatDate(record.actualCompletionDate)}</Descriptions.Item>
      <Descriptions.Item label={t("fields.dlpDate")}>{formatDate(record.dlpDate)}</Descriptions.Item>
      <Descriptions.Item label={t("fields.onHold")}>{record.onHold ? <Tag color="orange">{t("onHold")}</Tag> : t("no")}</Descriptions.Item>
      <Descriptions.Item label={t("fields.availableForWorkPermits")}>
        {record.availableForWorkPermits ? <Tag color="green">{t("yes")}</Tag> : <Tag>{t("no")}</Tag>}
      </Descriptions.Item>
    </Descriptions>
  );
}
