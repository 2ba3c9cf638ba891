import { useState, type ReactNode } from "react";
import { Button, Card, Form, Space, type FormProps } from "antd";
import { DownloadOutlined, SearchOutlined, UndoOutlined } from "@ant-design/icons";
import { useCan, useResourceParams, type CrudFilter, type CrudSort } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { exportList } from "./export";
import { notifyError } from "../../providers/notifications";

export interface ListToolbarProps {
  /** `searchFormProps` from @refinedev/antd's useTable (its onSearch turns values into filters). */
  searchFormProps: FormProps;
  /** The table's current filters and sorters (useTable's `filters`, `sorters`), sent to the export. */
  filters?: CrudFilter[];
  sorters?: CrudSort[];
  /** Filters the list always applies (useTable's `filters.permanent`), also applied to the export. */
  permanentFilters?: CrudFilter[];
  /** Feathers path to export; defaults to the resource of the current route. */
  resource?: string;
  /** Show the Export button (default true); it also needs read permission on the resource. */
  exportable?: boolean;
  /** The search fields, as <Form.Item name="..."> elements. */
  children?: ReactNode;
  /** Buttons on the right, e.g. <CreateButton />. */
  extra?: ReactNode;
}

/** Search form over a list plus Search / Reset / Export, the same on every list screen. */
export function ListToolbar({
  searchFormProps,
  filters = [],
  sorters = [],
  permanentFilters = [],
  resource: resourceProp,
  exportable = true,
  children,
  extra,
}: ListToolbarProps) {
  const { t } = useTranslation();
  const { resource } = useResourceParams();
  const name = resourceProp ?? resource?.name ?? "";
  const { data: canRead } = useCan({ resource: name, action: "list", params: { resource: resourceProp ? undefined : resource } });
  const [exporting, setExporting] = useState(false);
  const form = searchFormProps.form;

  const runExport = async () => {
    setExporting(true);
    try {
      // Permanent ones first so a screen's own filter on the same field wins.
      await exportList(name, [...permanentFilters, ...filters], sorters);
    } catch (error) {
      notifyError(`${name}.export`, error);
    } finally {
      setExporting(false);
    }
  };

  const reset = () => {
    form?.resetFields();
    form?.submit();
  };

  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Form layout="inline" {...searchFormProps} style={{ rowGap: 8, ...searchFormProps.style }}>
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t("actions.search")}
            </Button>
            {children && (
              <Button onClick={reset} icon={<UndoOutlined />}>
                {t("actions.reset")}
              </Button>
            )}
          </Space>
        </Form.Item>
        <div style={{ flex: 1 }} />
        <Space>
          {extra}
          {exportable && canRead?.can && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport}>
              {t("actions.export")}
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}
