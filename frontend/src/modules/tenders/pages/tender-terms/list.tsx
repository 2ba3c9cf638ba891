import { CreateButton, List, useTable } from "@refinedev/antd";
import { useList, type BaseRecord, type CrudFilters } from "@refinedev/core";
import { Form, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { RecordSelect } from "../../../../components/settings/RecordSelect";
import { formatDateTime } from "../../../../components/format";

interface Search {
  departmentId?: number;
}

/** The terms library of the region: every version of every department's terms, newest first. */
export function TenderTermsList() {
  const { t } = useTranslation(["tender-terms", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, Search>({
    sorters: {
      initial: [
        { field: "departmentId", order: "asc" },
        { field: "version", order: "desc" },
      ],
    },
    onSearch: ({ departmentId }): CrudFilters => [{ field: "departmentId", operator: "eq", value: departmentId ?? undefined }],
  });
  const { result: departments } = useList({ resource: "departments", pagination: { pageSize: 100 } });
  const departmentName = (id: number) => {
    const department = departments?.data?.find((row) => row.id === id);
    return department ? `${department.shortName} — ${department.name}` : String(id);
  };

  return (
    <List
      headerButtons={
        <CreateButton accessControl={{ enabled: true, hideIfUnauthorized: true }} data-testid="terms-new-version">
          {t("actions.newVersion")}
        </CreateButton>
      }
    >
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} exportable={false}>
        <Form.Item name="departmentId" label={t("fields.department")}>
          <RecordSelect resource="departments" style={{ minWidth: 240 }} />
        </Form.Item>
      </ListToolbar>
      <Table
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 800 }}
        data-testid="terms-versions"
        expandable={{
          expandedRowRender: (record) => (
            <ol style={{ margin: 0, paddingLeft: 20 }}>
              {(record.items as { id: string; title: string; text: string }[]).map((item) => (
                <li key={item.id}>
                  <Typography.Text strong>{item.title}</Typography.Text>
                  <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 8 }}>{item.text}</Typography.Paragraph>
                </li>
              ))}
            </ol>
          ),
        }}
      >
        <Table.Column dataIndex="departmentId" title={t("fields.department")} sorter render={departmentName} />
        <Table.Column dataIndex="version" title={t("fields.version")} sorter width={110} align="right" />
        <Table.Column dataIndex="items" title={t("fields.items")} width={110} align="right" render={(items: unknown[] = []) => items.length} />
        <Table.Column dataIndex="createdAt" title={t("fields.createdAt")} sorter width={180} render={formatDateTime} />
      </Table>
    </List>
  );
}
