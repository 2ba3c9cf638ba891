import type { CSSProperties, ReactNode } from "react";
import { Grid, Space, Table, Typography } from "antd";

/**
 * A tenancy's list of people rows (its accounts, its contractors): a title with the add button
 * beside it, then the rows; on a phone one column per row with its card (name, state, actions
 * under one another) and no header. The columns share the width and long names wrap: sized to
 * their content (max-content), a long account name pushed Last login under the Actions column.
 */
export function TenancyRowsTable<T extends { id: number }>({
  testId,
  title,
  add,
  rows,
  loading,
  columns,
  card,
  style,
}: {
  testId: string;
  title: string;
  add?: ReactNode;
  rows: T[];
  loading: boolean;
  columns: ReactNode;
  card: (record: T) => ReactNode;
  style?: CSSProperties;
}) {
  const wide = Grid.useBreakpoint().md !== false;
  return (
    <div data-testid={testId} style={style}>
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 12 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {add}
      </Space>
      <Table<T> dataSource={rows} rowKey="id" size="middle" loading={loading} pagination={false} showHeader={wide}>
        {wide ? columns : <Table.Column<T> key="card" title={title} render={(_, record) => card(record)} />}
      </Table>
    </div>
  );
}
