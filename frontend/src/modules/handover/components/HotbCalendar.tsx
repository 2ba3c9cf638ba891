import { useMemo, useState } from "react";
import { useList, useMany, type BaseRecord } from "@refinedev/core";
import { Button, DatePicker, Empty, Space, Table, Tag, Typography } from "antd";
import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { dateInputFormat } from "../../../components/format";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { HotbStatus } from "./HotbStatus";
import { regionInstant, regionPickers } from "./time";

/** The states an appointment is shown in: arranged, then signed or not, then done. */
const APPOINTED = ["SCHEDULED", "UNSIGNED", "COMPLETED"];
const midnight = dayjs().startOf("day");

/** The Monday of the week a region day falls in. */
const mondayOf = (day: Dayjs) => day.startOf("day").subtract((day.day() + 6) % 7, "day");

/**
 * The week's appointments by building (issue 31 §1 "a calendar of scheduled handovers and
 * takebacks by building and week"): a row per building with appointments, a column per day on the
 * region's clock, each appointment its time, type, tenant, premises and state, linked to its page.
 * A week is at most a page of 100 appointments: a region books far fewer. Live like the list.
 */
export function HotbCalendar() {
  const { t } = useTranslation("hotb");
  const [monday, setMonday] = useState<Dayjs>(() => mondayOf(regionPickers(new Date()).day ?? dayjs()));
  const [buildingId, setBuildingId] = useState<number | undefined>();
  const weekLabel = t("calendar.week", { from: monday.format(dateInputFormat()), to: monday.add(6, "day").format(dateInputFormat()) });
  const days = useMemo(() => Array.from({ length: 7 }, (_, index) => monday.add(index, "day")), [monday]);
  const { result, query } = useList({
    resource: "hotb",
    filters: [
      { field: "scheduledAt", operator: "gte", value: regionInstant(monday, midnight) },
      { field: "scheduledAt", operator: "lt", value: regionInstant(monday.add(7, "day"), midnight) },
      { field: "status", operator: "in", value: APPOINTED },
      { field: "buildingId", operator: "eq", value: buildingId },
    ],
    sorters: [{ field: "scheduledAt", order: "asc" }],
    pagination: { pageSize: 100 },
  });
  const appointments = result?.data ?? [];
  const buildingIds = [...new Set(appointments.map((row) => row.buildingId).filter(Boolean))] as number[];
  const { result: buildings } = useMany({ resource: "buildings", ids: buildingIds, queryOptions: { enabled: buildingIds.length > 0 } });
  const nameOf = (id: unknown) => (buildings?.data ?? []).find((building: BaseRecord) => building.id === id)?.name ?? "";

  // One row per building, each day's appointments in time order.
  const rows = buildingIds.map((id) => ({
    key: id,
    building: nameOf(id),
    byDay: days.map((day) => appointments.filter((row) => row.buildingId === id && regionPickers(row.scheduledAt).day?.isSame(day, "day"))),
  }));

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }} data-testid="hotb-calendar">
      <Space wrap>
        <Button icon={<LeftOutlined />} aria-label={t("calendar.previous")} onClick={() => setMonday(monday.subtract(7, "day"))} />
        <DatePicker
          picker="week"
          allowClear={false}
          value={monday}
          onChange={(value) => value && setMonday(mondayOf(value))}
          format={() => weekLabel}
          aria-label={weekLabel}
          data-testid="hotb-calendar-week"
        />
        <Button icon={<RightOutlined />} aria-label={t("calendar.next")} onClick={() => setMonday(monday.add(7, "day"))} />
        <Button onClick={() => setMonday(mondayOf(regionPickers(new Date()).day ?? dayjs()))}>{t("calendar.thisWeek")}</Button>
        <RecordSelect
          resource="buildings"
          allowClear
          placeholder={t("fields.buildingId")}
          aria-label={t("fields.buildingId")}
          style={{ width: 200 }}
          value={buildingId}
          onChange={(value: unknown) => setBuildingId((value as number | undefined) ?? undefined)}
        />
      </Space>
      <Table
        rowKey="key"
        size="small"
        bordered
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: 1100 }}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t("calendar.empty")} /> }}
        columns={[
          { key: "building", title: t("fields.buildingId"), dataIndex: "building", fixed: "left", width: 160 },
          ...days.map((day, index) => ({
            key: day.format("YYYY-MM-DD"),
            title: t(`calendar.days.${index}`, { date: day.format("DD/MM") }),
            width: 140,
            render: (_: unknown, row: (typeof rows)[number]) => (
              <Space direction="vertical" size={4} style={{ width: "100%" }}>
                {row.byDay[index].map((appointment) => (
                  <Link key={String(appointment.id)} to={`/handover-takeback/${appointment.id}`} data-testid="hotb-appointment" style={{ display: "block" }}>
                    <Typography.Text strong>{regionPickers(appointment.scheduledAt).time?.format("HH:mm")}</Typography.Text>{" "}
                    <Tag>{t(`types.${appointment.type}`)}</Tag>
                    <div>{appointment.tradeName || appointment.companyName}</div>
                    <Typography.Text type="secondary">{(appointment.premises ?? []).join(", ")}</Typography.Text>
                    <div>
                      <HotbStatus status={appointment.status} />
                    </div>
                  </Link>
                ))}
              </Space>
            ),
          })),
        ]}
      />
    </Space>
  );
}
