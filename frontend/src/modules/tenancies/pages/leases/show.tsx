import { useList, useOne, useShow, type BaseRecord } from "@refinedev/core";
import { Descriptions, Divider, Grid, Table, Tag, Typography } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Show } from "../../../../components/crud";
import { formatDate } from "../../../../components/format";

/**
 * One lease (reached from a tenancy's lease information tab): its fields, the tenancy it is linked
 * to (when the user reads that tenancy) and the other leases of the same tenant number with
 * theirs. Staff only, as the leases they read; live.
 */
export function LeaseShow() {
  const { t } = useTranslation("tenancies");
  const { query } = useShow({ resource: "leases", liveMode: "auto" });
  const lease = query.data?.data;
  // A phone reads each field's label above its value.
  const wide = Grid.useBreakpoint().md !== false;
  const tenancy = useOne<BaseRecord>({
    resource: "tenancies",
    id: lease?.tenancyId ?? undefined,
    queryOptions: { enabled: Boolean(lease?.tenancyId), retry: false },
  });
  const siblings = useList<BaseRecord>({
    resource: "leases",
    filters: [{ field: "tenantNo", operator: "eq", value: lease?.tenantNo }],
    pagination: { pageSize: 100, mode: "server" },
    queryOptions: { enabled: Boolean(lease?.tenantNo) },
  });
  const others = (siblings.result?.data ?? []).filter((other) => other.id !== lease?.id);
  const dash = (value: unknown) => (value == null || value === "" ? "—" : String(value));
  const linkedTenancy = (tenancyId: number | null, known?: BaseRecord) => {
    if (!tenancyId) return <Typography.Text type="secondary">{t("leases.noTenancy")}</Typography.Text>;
    const name = known ? [known.companyName, known.tradeName].filter(Boolean).join(" — ") : t("leases.tenancyNo", { id: tenancyId });
    return <Link to={`/tenancies/view/${tenancyId}`}>{name}</Link>;
  };

  return (
    // No breadcrumb: a lease has no list of its own to lead back to (the back arrow returns to the tenancy).
    <Show isLoading={query.isLoading} breadcrumb={false} title={lease ? t("leases.title", { number: lease.number }) : t("leases.titleLoading")}>
      {lease && (
        <div data-testid="lease-show">
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} layout={wide ? "horizontal" : "vertical"}>
            <Descriptions.Item label={t("leases.number")}>{lease.number}</Descriptions.Item>
            <Descriptions.Item label={t("leases.tenantNo")}>{lease.tenantNo}</Descriptions.Item>
            <Descriptions.Item label={t("leases.type")}>
              <Tag>{`${lease.leaseType} · ${t(`leaseTypes.${lease.leaseType}`)}`}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t("leases.label")}>{lease.label ? t(`leaseLabels.${lease.label}`) : "—"}</Descriptions.Item>
            <Descriptions.Item label={t("leases.premises")}>{dash(lease.premises)}</Descriptions.Item>
            <Descriptions.Item label={t("leases.building")}>{dash(lease.buildingCode)}</Descriptions.Item>
            <Descriptions.Item label={t("leases.tradeName")}>{dash(lease.tradeName)}</Descriptions.Item>
            <Descriptions.Item label={t("leases.active")}>{t(lease.active ? "yes" : "no")}</Descriptions.Item>
            <Descriptions.Item label={t("leases.start")}>{formatDate(lease.leaseStart) || "—"}</Descriptions.Item>
            <Descriptions.Item label={t("leases.end")}>{formatDate(lease.leaseEnd) || "—"}</Descriptions.Item>
            <Descriptions.Item label={t("leases.tenancy")} span={2}>
              <span data-testid="lease-tenancy">{linkedTenancy(lease.tenancyId, tenancy.query.data?.data)}</span>
            </Descriptions.Item>
          </Descriptions>
          <Divider orientation="left">{t("leases.sameTenant", { tenantNo: lease.tenantNo })}</Divider>
          <Table<BaseRecord>
            data-testid="lease-siblings"
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: true }}
            loading={siblings.query.isLoading}
            dataSource={others}
            locale={{ emptyText: t("leases.noOthers") }}
          >
            <Table.Column<BaseRecord> title={t("leases.number")} render={(_, other) => <Link to={`/leases/view/${other.id}`}>{other.number}</Link>} />
            <Table.Column dataIndex="leaseType" title={t("leases.type")} />
            <Table.Column dataIndex="premises" title={t("leases.premises")} />
            <Table.Column dataIndex="leaseEnd" title={t("leases.end")} render={formatDate} />
            <Table.Column<BaseRecord> key="tenancy" title={t("leases.tenancy")} render={(_, other) => linkedTenancy(other.tenancyId ?? null)} />
          </Table>
        </div>
      )}
    </Show>
  );
}
