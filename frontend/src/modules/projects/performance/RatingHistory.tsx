import { List, useTable } from "@refinedev/antd";
import { useMany, useOne, type BaseRecord, type CrudFilters } from "@refinedev/core";
import { Form, Select, Table } from "antd";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../components/list/ListToolbar";
import { formatDate } from "../../../components/format";
import { rateTypes, ratingCriteria } from "../../../../../backend/src/modules/projects/services/vendor-ratings/vendor-ratings.shared";
import { StandingTag, scoreText } from "./standing";

interface HistorySearch {
  rateType?: string;
}

const historyFilters = (search: HistorySearch): CrudFilters => [{ field: "rateType", operator: "eq", value: search.rateType }];

/** Names of the records a page refers to, read through their own services (blank where the reader may not read them). */
function useNames(resource: string, ids: unknown[], field: string) {
  const wanted = [...new Set(ids.filter(Boolean))] as string[];
  const { result } = useMany({ resource, ids: wanted, queryOptions: { enabled: wanted.length > 0 } });
  return (id: unknown) => (result?.data ?? []).find((record: BaseRecord) => String(record.id) === String(id))?.[field] ?? "";
}

/** `/companies/performanceRatingHistory/:filter` (spec "performanceRatingHistory"): every rating of one vendor, newest first; filters, paging, sorting, export. */
export function RatingHistory() {
  const { t } = useTranslation("vendor-ratings");
  const { filter = "" } = useParams();
  const companyId = Number(filter);
  const { result: company } = useOne({ resource: "companies", id: companyId, queryOptions: { enabled: Number.isInteger(companyId) && companyId > 0 } });
  const permanent: CrudFilters = [{ field: "companyId", operator: "eq", value: companyId }];
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, HistorySearch>({
    resource: "vendor-ratings",
    filters: { permanent },
    sorters: { initial: [{ field: "createdAt", order: "desc" }] },
    syncWithLocation: false,
    onSearch: historyFilters,
  });
  const rows = tableProps.dataSource ?? [];
  const projectNumber = useNames(
    "projects",
    rows.map((row) => row.projectId),
    "number",
  );
  const name = company?.name ? String(company.name) : "";
  return (
    <List
      title={name ? t("titles.history", { name }) : t("titles.historyAll")}
      breadcrumb={false}
      resource="vendor-ratings"
      headerButtons={<Link to="/performance">{t("actions.back")}</Link>}
    >
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} permanentFilters={permanent} resource="vendor-ratings">
        <Form.Item name="rateType" label={t("fields.rateType")}>
          <Select allowClear style={{ width: 170 }} options={rateTypes.map((value) => ({ value, label: t(`rateType.${value}`) }))} />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 1100 }} data-testid="history-table">
        <Table.Column dataIndex="createdAt" title={t("fields.createdAt")} sorter render={formatDate} />
        <Table.Column
          dataIndex="projectId"
          title={t("fields.projectId")}
          render={(value) => <Link to={`/projects/${value}`}>{projectNumber(value) || value}</Link>}
        />
        <Table.Column dataIndex="rateType" title={t("fields.rateType")} sorter render={(value) => t(`rateType.${value}`)} />
        {ratingCriteria.map((criterion) => (
          <Table.Column key={criterion} dataIndex={criterion} title={t(`fields.${criterion}`)} align="right" />
        ))}
        <Table.Column dataIndex="scoreHundredths" title={t("fields.score")} sorter align="right" render={scoreText} />
        <Table.Column dataIndex="standing" title={t("fields.standing")} render={(value) => <StandingTag standing={value} />} />
        <Table.Column dataIndex="comment" title={t("fields.comment")} ellipsis />
      </Table>
    </List>
  );
}
