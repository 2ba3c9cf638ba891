import { DatePicker, Form, Table } from "antd";
import { List, useTable } from "@refinedev/antd";
import { useSubscription, type CrudFilters } from "@refinedev/core";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { auditActionLabel, resourceLabel } from "../../components/security-groups/labels";
import { ActivityChart } from "./ActivityChart";
import { ResourceSelect } from "../audit-log/ResourceSelect";

interface ReportRow {
  day: string;
  resource: string;
  action: string;
  count: number;
}

interface Search {
  resource?: string;
  at?: [Dayjs | null, Dayjs | null] | null;
}

/** How many audited writes each day, per resource and action, for a date range; exportable. */
export default function AuditReportList() {
  const { t } = useTranslation(["audit-log", "common"]);
  const { tableProps, tableQuery, searchFormProps, filters, sorters } = useTable<ReportRow, never, Search>({
    resource: "audit-report",
    sorters: { mode: "off" },
    onSearch: (values): CrudFilters => [
      { field: "resource", operator: "eq", value: values.resource },
      {
        field: "at",
        operator: "between",
        value: values.at ? [values.at[0]?.startOf("day").toISOString(), values.at[1]?.endOf("day").toISOString()] : undefined,
      },
    ],
  });
  // The report counts audit entries, which have events of their own (the report has none): each new
  // entry counts again, through the same read rules as the audit log.
  useSubscription({ channel: "resources/audit-log", types: ["created"], onLiveEvent: () => void tableQuery.refetch() });
  return (
    <List title={t("report.title")}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="audit-report">
        <Form.Item name="at" label={t("fields.at")}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="resource" label={t("fields.resource")}>
          <ResourceSelect />
        </Form.Item>
      </ListToolbar>
      <ActivityChart filters={filters} />
      <Table {...tableProps} rowKey={(row) => `${row.day}|${row.resource}|${row.action}`} size="middle">
        <Table.Column dataIndex="day" title={t("report.fields.day")} />
        <Table.Column dataIndex="resource" title={t("fields.resource")} render={(value: string) => resourceLabel(t, value)} />
        <Table.Column dataIndex="action" title={t("fields.action")} render={(value: string) => auditActionLabel(t, value)} />
        <Table.Column dataIndex="count" title={t("report.fields.count")} align="right" />
      </Table>
    </List>
  );
}
