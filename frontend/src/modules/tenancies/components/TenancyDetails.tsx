import { useOne } from "@refinedev/core";
import { Card, Descriptions, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../../components/format";
import { ANYTIME, openingDays, premisesHoldOn } from "../../../../../backend/src/modules/tenancies/services/tenancies/tenancies.shared";
import { calendarDay } from "../../../../../backend/src/format/format.shared";
import { TenancyStatus } from "./TenancyStatus";

/** The tenancy information tab, read-only (spec §3): company, location, premises, opening hours, remarks. */
export function TenancyDetails({ record }: { record: Record<string, any> }) {
  const { t } = useTranslation("tenancies");
  const { query: building } = useOne({ resource: "buildings", id: record.buildingId, queryOptions: { enabled: Boolean(record.buildingId) } });
  const { query: site } = useOne({ resource: "sites", id: record.siteId, queryOptions: { enabled: Boolean(record.siteId) }, errorNotification: false });
  const today = calendarDay(new Date());
  const hours = record.openingHours ?? {};
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t("fields.companyName")}>{record.companyName}</Descriptions.Item>
        <Descriptions.Item label={t("fields.tradeName")}>{record.tradeName}</Descriptions.Item>
        <Descriptions.Item label={t("fields.generalLine")}>{record.generalLine}</Descriptions.Item>
        <Descriptions.Item label={t("fields.faxNumber")}>{record.faxNumber}</Descriptions.Item>
        <Descriptions.Item label={t("fields.email")}>{record.email}</Descriptions.Item>
        <Descriptions.Item label={t("fields.type")}>{t(`types.${record.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.building")}>
          {building.data?.data ? `${building.data.data.code} — ${building.data.data.name}` : ""}
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.site")}>{site.data?.data?.name ?? ""}</Descriptions.Item>
        <Descriptions.Item label={t("fields.marketingType")}>{record.marketingType}</Descriptions.Item>
        <Descriptions.Item label={t("fields.merged")}>{record.merged ? t("yes") : t("no")}</Descriptions.Item>
        <Descriptions.Item label={t("fields.status")}>
          <TenancyStatus status={record.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.updatedAt")}>{formatDateTime(record.updatedAt)}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t("sections.premises")} style={{ marginBottom: 16 }}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={record.premises ?? []}
          scroll={{ x: 600 }}
          locale={{ emptyText: t("premises.none") }}
          columns={[
            { title: t("premises.floor"), dataIndex: "floor" },
            { title: t("premises.zone"), dataIndex: "zone" },
            { title: t("premises.effectiveDate"), dataIndex: "effectiveDate", render: formatDate },
            { title: t("premises.endDate"), dataIndex: "endDate", render: (value) => (value ? formatDate(value) : t("premises.openEnded")) },
            { title: t("premises.detail"), dataIndex: "detail" },
            {
              title: t("fields.status"),
              key: "current",
              render: (_, line: any) =>
                premisesHoldOn(line, today) ? (
                  <Tag color="green">{t("premises.current")}</Tag>
                ) : (
                  <Tag>{line.effectiveDate > today ? t("premises.future") : t("premises.ended")}</Tag>
                ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t("sections.openingHours")} style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
          {openingDays.map((day) => {
            const value = hours[day];
            const text = !value ? t("hours.closed") : value.start === ANYTIME ? t("hours.anytime") : `${value.start} – ${value.end ?? ""}`;
            return (
              <Descriptions.Item key={day} label={t(`days.${day}`)}>
                {text}
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      </Card>
      <Card size="small" title={t("fields.remarks")}>
        <div style={{ whiteSpace: "pre-wrap" }}>{record.remarks || "—"}</div>
      </Card>
    </>
  );
}
