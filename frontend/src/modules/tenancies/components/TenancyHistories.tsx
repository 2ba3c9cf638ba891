import { useEffect, useState } from "react";
import { Card, Table } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { formatDateTime } from "../../../components/format";

interface History {
  id: number;
  at: string;
  username: string | null;
  action: string;
}

/** The record's histories (spec GET tenancies/{id}/histories): who changed it and how, newest first; read again on every change of the record. */
export function TenancyHistories({ id, version }: { id: number; version: unknown }) {
  const { t } = useTranslation("tenancies");
  const [rows, setRows] = useState<History[] | null>(null);
  useEffect(() => {
    let current = true;
    api<History[]>(`tenancies/${id}/histories`)
      .then((data) => current && setRows(data))
      .catch(() => current && setRows([]));
    return () => {
      current = false;
    };
  }, [id, version]);
  return (
    <Card size="small" title={t("sections.histories")} style={{ marginTop: 16 }}>
      <Table
        size="small"
        rowKey="id"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t("histories.at"), dataIndex: "at", render: formatDateTime },
          { title: t("histories.by"), dataIndex: "username" },
          { title: t("histories.action"), dataIndex: "action", render: (action: string) => t(`histories.actions.${action}`, { defaultValue: action }) },
        ]}
      />
    </Card>
  );
}
