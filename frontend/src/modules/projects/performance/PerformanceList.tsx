import { List, useTable } from "@refinedev/antd";
import { useCan, useList, type BaseRecord, type CrudFilters } from "@refinedev/core";
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../components/list/ListToolbar";
import { BarChartFigure } from "../../../components/charts/Chart";
import { chartColors } from "../../../config/theme";
import { formatDate } from "../../../components/format";
import { rateTypes, standings } from "../../../../../backend/src/modules/projects/services/vendor-ratings/vendor-ratings.shared";
import { StandingTag, scoreText, usePerformanceSettings } from "./standing";

interface PerformanceSearch {
  companyName?: string;
  standing?: string;
  rateType?: string;
  ratedFrom?: Dayjs;
  ratedTo?: Dayjs;
}

/** The list's filters as vendor-performance takes them: name (part of it), standing, rate type, when rated. */
const performanceFilters = (search: PerformanceSearch): CrudFilters => [
  { field: "companyName", operator: "contains", value: search.companyName?.trim() || undefined },
  { field: "standing", operator: "eq", value: search.standing },
  { field: "rateType", operator: "eq", value: search.rateType },
  { field: "createdAt", operator: "gte", value: search.ratedFrom ? search.ratedFrom.startOf("day").toISOString() : undefined },
  { field: "createdAt", operator: "lte", value: search.ratedTo ? search.ratedTo.endOf("day").toISOString() : undefined },
];

/** How many rated vendors stand in one band: one row read, the total from the server. */
function useStandingCount(standing: string) {
  const { result } = useList({
    resource: "vendor-performance",
    filters: [{ field: "standing", operator: "eq", value: standing }],
    pagination: { currentPage: 1, pageSize: 1 },
  });
  return result?.total ?? 0;
}

/** The rated vendors by standing, as bars (with the figures in words for screen readers). */
function StandingChart() {
  const { t } = useTranslation("vendor-ratings");
  const counts = [useStandingCount("VERY_POOR"), useStandingCount("POOR"), useStandingCount("AVERAGE"), useStandingCount("EXCELLENT")];
  const data = standings.map((standing, index) => ({ standing, count: counts[index] }));
  const summary = t("chart.summary", { figures: data.map((row) => `${t(`standing.${row.standing}`)} ${row.count}`).join(", ") });
  return (
    <Card title={t("chart.title")} size="small" style={{ marginBottom: 16 }}>
      <BarChartFigure
        testId="standing-chart"
        summary={summary}
        data={data}
        category="standing"
        categoryLabel={(value) => t(`standing.${value}`)}
        series={[{ key: "count", label: t("chart.vendors"), color: chartColors.primary }]}
        rows
        height={170}
        formatValue={(value) => String(value)}
        categoryWidth={90}
      />
    </Card>
  );
}

/** `/performance`: the rated vendors with their weighted score and standing; filters, paging, sorting, export, a chart; updates live. */
export function VendorPerformanceList() {
  const { t } = useTranslation("vendor-ratings");
  const { bands } = usePerformanceSettings();
  const { data: canRate } = useCan({ resource: "vendor-ratings", action: "create" });
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, PerformanceSearch>({
    resource: "vendor-performance",
    sorters: { initial: [{ field: "scoreHundredths", order: "desc" }] },
    syncWithLocation: false,
    onSearch: performanceFilters,
  });
  return (
    <List
      title={t("titles.list")}
      headerButtons={
        canRate?.can ? (
          <Link to="/performance/rate">
            <Button type="primary">{t("actions.rate")}</Button>
          </Link>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t("hints.score", { ...bands })}</Typography.Paragraph>
      <StandingChart />
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="companyName" label={t("fields.companyName")}>
          <Input allowClear style={{ width: 180 }} data-testid="vendor-filter" />
        </Form.Item>
        <Form.Item name="standing" label={t("fields.standing")}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={standings.map((value) => ({ value, label: t(`standing.${value}`) }))}
            data-testid="standing-filter"
          />
        </Form.Item>
        <Form.Item name="rateType" label={t("fields.rateType")}>
          <Select allowClear style={{ width: 170 }} options={rateTypes.map((value) => ({ value, label: t(`rateType.${value}`) }))} />
        </Form.Item>
        <Form.Item name="ratedFrom" label={t("fields.ratedFrom")}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="ratedTo" label={t("fields.ratedTo")}>
          <DatePicker />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 640 }} data-testid="performance-table">
        <Table.Column<BaseRecord>
          dataIndex="companyName"
          title={t("fields.companyName")}
          sorter
          render={(value, record) => <Link to={`/companies/performanceRatingHistory/${record.companyId}`}>{value}</Link>}
        />
        <Table.Column dataIndex="ratings" title={t("fields.ratings")} sorter align="right" />
        <Table.Column dataIndex="scoreHundredths" title={t("fields.score")} sorter align="right" render={scoreText} />
        <Table.Column dataIndex="standing" title={t("fields.standing")} render={(value) => <StandingTag standing={value} />} />
        <Table.Column dataIndex="lastRatedAt" title={t("fields.lastRatedAt")} sorter render={formatDate} />
        <Table.Column<BaseRecord>
          key="history"
          title=""
          render={(_, record) => (
            <Space>
              <Link to={`/companies/performanceRatingHistory/${record.companyId}`}>{t("actions.history")}</Link>
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
