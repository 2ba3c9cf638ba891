import { List, useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { Form, Input, Select, Table, Tag } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { formatCount, formatDateTime } from "../../../../components/format";
import { greenFitoutStates } from "../../../../../../backend/src/modules/tenant-projects/services/green-fitouts/green-fitout.workflow";
import { greenFitoutPortfolioPath } from "../../../../../../backend/src/modules/tenant-projects/services/green-fitouts/green-fitouts.shared";
import { statusColour } from "../../components/green-fitout/greenApi";

interface PortfolioRow {
  id: number;
  projectId: number;
  projectName: string;
  companyName: string | null;
  status: string;
  recognised: boolean;
  totalPoints: number;
  claimedPoints: number;
  folderCount: number;
  acceptedCount: number;
  updatedAt: string;
}

interface PortfolioSearch {
  name?: string;
  status?: string;
  recognised?: "yes" | "no";
}

const portfolioFilters = (search: PortfolioSearch): CrudFilters => [
  { field: "projectName", operator: "contains", value: search.name?.trim() || undefined },
  { field: "status", operator: "eq", value: search.status },
  { field: "recognised", operator: "eq", value: search.recognised ? search.recognised === "yes" : undefined },
];

/**
 * Every green fit-out of the region by score (issue 30 item 9 "a portfolio view of all green
 * fit-outs by score"), for staff who read points: highest accepted points first, paged, sorted and
 * filtered on the server; each row opens its project. Updates live.
 */
export function GreenFitoutPortfolioList() {
  const { t } = useTranslation("green-fitout");
  const { tableProps, searchFormProps, filters, sorters } = useTable<PortfolioRow, never, PortfolioSearch>({
    resource: greenFitoutPortfolioPath,
    sorters: { initial: [{ field: "totalPoints", order: "desc" }] },
    syncWithLocation: false,
    onSearch: portfolioFilters,
    liveMode: "auto",
  });
  return (
    <List title={t("portfolio.title")}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource={greenFitoutPortfolioPath} exportable={false}>
        <Form.Item name="name" label={t("portfolio.projectName")}>
          <Input allowClear style={{ width: 180 }} data-testid="green-portfolio-name" />
        </Form.Item>
        <Form.Item name="status" label={t("portfolio.status")}>
          <Select allowClear style={{ width: 140 }} options={greenFitoutStates.map((status) => ({ value: status, label: t(`status.${status}`) }))} />
        </Form.Item>
        <Form.Item name="recognised" label={t("portfolio.recognised")}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: "yes", label: t("portfolio.yes") },
              { value: "no", label: t("portfolio.no") },
            ]}
          />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" data-testid="green-portfolio">
        <Table.Column<PortfolioRow>
          dataIndex="projectName"
          title={t("portfolio.projectName")}
          sorter
          render={(value: string, row) => <Link to={`/tenant-projects/${row.projectId}?tabIndex=4`}>{value}</Link>}
        />
        <Table.Column dataIndex="companyName" title={t("portfolio.companyName")} sorter />
        <Table.Column
          dataIndex="status"
          title={t("portfolio.status")}
          sorter
          render={(value: string) => <Tag color={statusColour[value]}>{t(`status.${value}`)}</Tag>}
        />
        <Table.Column
          dataIndex="totalPoints"
          title={t("portfolio.totalPoints")}
          sorter
          defaultSortOrder="descend"
          align="right"
          render={(value: number) => formatCount(value)}
        />
        <Table.Column dataIndex="claimedPoints" title={t("portfolio.claimedPoints")} sorter align="right" render={(value: number) => formatCount(value)} />
        <Table.Column<PortfolioRow>
          key="folders"
          title={t("portfolio.folders")}
          align="right"
          render={(_, row) => `${formatCount(row.acceptedCount)} / ${formatCount(row.folderCount)}`}
        />
        <Table.Column
          dataIndex="recognised"
          title={t("portfolio.recognised")}
          render={(value: boolean) => (value ? <Tag color="green">{t("portfolio.yes")}</Tag> : t("portfolio.no"))}
        />
        <Table.Column dataIndex="updatedAt" title={t("portfolio.updatedAt")} sorter render={(value: string) => formatDateTime(value)} />
      </Table>
    </List>
  );
}
