import { List, useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilters } from "@refinedev/core";
import { DatePicker, Form, Table, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../components/list/ListToolbar";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { formatDate, formatMoney, fromCents } from "../../../components/format";
import type {
  RetentionCalendarRow,
  RetentionDueProject,
} from "../../../../../backend/src/modules/projects/services/project-retention-calendar/project-retention-calendar.shared";

interface CalendarSearch {
  from?: Dayjs | null;
  to?: Dayjs | null;
  companyId?: number;
}

const calendarFilters = (search: CalendarSearch): CrudFilters => [
  { field: "from", operator: "eq", value: search.from ? search.from.format("YYYY-MM") : undefined },
  { field: "to", operator: "eq", value: search.to ? search.to.format("YYYY-MM") : undefined },
  { field: "companyId", operator: "eq", value: search.companyId },
];

/** "2026-12" as the reader reads a month: "Dec 2026", "2026年12月". */
function useMonthLabel() {
  const { i18n } = useTranslation();
  return (month: string) => {
    const [year, number] = month.split("-");
    if (i18n.language.startsWith("zh")) return `${year}年${number}月`;
    // The day printed is the first; only month and year are kept.
    return formatDate(`${month}-01`).slice(3);
  };
}

/**
 * Retention falling due (issue 12 item 7): the retention held by month of its due day (the day
 * after the defects liability date) and vendor, each row opening to its projects. Staff see the
 * projects they read (with a vendor filter); a vendor its own.
 */
export function RetentionCalendar({ staff }: { staff: boolean }) {
  const { t } = useTranslation("project-retention-calendar");
  const monthLabel = useMonthLabel();
  const { tableProps, searchFormProps, filters, sorters } = useTable<RetentionCalendarRow & BaseRecord, never, CalendarSearch>({
    resource: "project-retention-calendar",
    sorters: { initial: [{ field: "month", order: "asc" }] },
    syncWithLocation: false,
    onSearch: calendarFilters,
  });
  const projectPath = (id: string) => (staff ? `/projects/${id}` : `/vendors/projects/${id}`);
  return (
    <List title={t("title")}>
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="project-retention-calendar" exportable={false}>
        <Form.Item name="from" label={t("fields.from")}>
          <DatePicker picker="month" allowClear style={{ width: 140 }} data-testid="calendar-from" />
        </Form.Item>
        <Form.Item name="to" label={t("fields.to")}>
          <DatePicker picker="month" allowClear style={{ width: 140 }} data-testid="calendar-to" />
        </Form.Item>
        {staff && (
          <Form.Item name="companyId" label={t("fields.vendor")}>
            <RecordSelect resource="companies" style={{ width: 200 }} />
          </Form.Item>
        )}
      </ListToolbar>
      <Table
        {...tableProps}
        rowKey={(row) => `${row.month}|${row.vendorId}`}
        size="middle"
        scroll={{ x: staff ? 560 : 340 }}
        locale={{ emptyText: t("empty") }}
        expandable={{
          expandedRowRender: (row) => (
            <Table<RetentionDueProject> dataSource={row.projects} rowKey="id" size="small" pagination={false} data-testid="calendar-projects">
              <Table.Column<RetentionDueProject>
                dataIndex="number"
                title={t("fields.project")}
                render={(value, project) => <Link to={projectPath(project.id)}>{value}</Link>}
              />
              <Table.Column dataIndex="dlpDate" title={t("fields.dlpDate")} render={formatDate} />
              <Table.Column dataIndex="dueDay" title={t("fields.dueDay")} render={formatDate} />
              <Table.Column<RetentionDueProject>
                dataIndex="heldCents"
                title={t("fields.held")}
                align="right"
                render={(value, project) => formatMoney(fromCents(value), project.currency)}
              />
            </Table>
          ),
        }}
      >
        <Table.Column<RetentionCalendarRow>
          dataIndex="month"
          title={t("fields.month")}
          sorter
          render={(value) => <strong data-testid="calendar-month">{monthLabel(value)}</strong>}
        />
        {staff && <Table.Column dataIndex="vendorName" title={t("fields.vendor")} sorter />}
        <Table.Column<RetentionCalendarRow>
          dataIndex="heldCents"
          title={t("fields.held")}
          sorter
          align="right"
          render={(value, row) => <span data-testid="calendar-held">{formatMoney(fromCents(value), row.currency)}</span>}
        />
        <Table.Column<RetentionCalendarRow>
          dataIndex="projects"
          title={t("fields.projects")}
          align="right"
          render={(projects: RetentionDueProject[]) => projects.length}
        />
      </Table>
    </List>
  );
}
