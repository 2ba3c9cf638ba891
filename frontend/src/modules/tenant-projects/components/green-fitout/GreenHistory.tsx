import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Form, Input, Select, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { currentAbility } from "../../../../providers/access-control";
import { notifyError } from "../../../../providers/notifications";
import { formatCount, formatDateTime } from "../../../../components/format";
import { useRefetchOn } from "../../../../components/useRefetchOn";
import {
  greenFitoutHistoriesPath,
  greenFitoutPointsPath,
  greenFitoutsPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/green-fitouts/green-fitouts.shared";
import { greenCall, type GreenFitout, type GreenFolder } from "./greenApi";

/** Both histories grow with every act on the scheme: a page at a time, newest first. */
const HISTORY_PAGE = 20;
const historyPaging = (page: number, total: number, setPage: (page: number) => void) =>
  total > HISTORY_PAGE ? { current: page, pageSize: HISTORY_PAGE, total, onChange: setPage, showSizeChanger: false } : false;

const folderName = (folders: GreenFolder[], id: number | null) => folders.find((folder) => folder.id === id)?.title ?? "";

/** Every change of a folder's awarded points (issue 30 item 9): who, old → new, when; for those who read points. */
export function GreenPointsHistory({ fitout, folders, version }: { fitout: GreenFitout; folders: GreenFolder[]; version: string }) {
  const { t } = useTranslation("green-fitout");
  const [page, setPage] = useState(1);
  const { result, query } = useList<{
    id: number;
    folderId: number;
    oldPoints: number | null;
    newPoints: number | null;
    userId: number | null;
    createdAt: string;
  }>({
    resource: greenFitoutPointsPath,
    filters: [{ field: "greenFitoutId", operator: "eq", value: fitout.id }],
    sorters: [{ field: "id", order: "desc" }],
    pagination: { currentPage: page, pageSize: HISTORY_PAGE },
    liveMode: "auto",
  });
  useRefetchOn(version, query.refetch);
  const { result: people } = useList<{ id: number; displayName: string }>({
    resource: "users",
    filters: [{ field: "id", operator: "in", value: [...new Set((result?.data ?? []).map((row) => row.userId).filter(Boolean))] }],
    pagination: { pageSize: 100 },
    queryOptions: { enabled: (result?.data ?? []).some((row) => row.userId) },
  });
  const who = (id: number | null) => (people?.data ?? []).find((person) => person.id === id)?.displayName ?? (id ? `#${id}` : t("history.system"));
  const points = (value: number | null) => (value == null ? "-" : formatCount(value));
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={historyPaging(page, result?.total ?? 0, setPage)}
      data-testid="green-points-history"
      dataSource={result?.data ?? []}
      locale={{ emptyText: t("history.noPoints") }}
      columns={[
        { title: t("history.at"), dataIndex: "createdAt", render: (value: string) => formatDateTime(value) },
        { title: t("history.folder"), dataIndex: "folderId", render: (value: number) => folderName(folders, value) },
        { title: t("history.who"), dataIndex: "userId", render: (value: number | null) => who(value) },
        { title: t("history.change"), key: "change", render: (_, row) => `${points(row.oldPoints)} → ${points(row.newPoints)}` },
      ]}
    />
  );
}

/**
 * The scheme's history and comments (spec §3 "history types SUBMISSION, GUIDELINE; history action
 * types ...; sub-tabs comment and guideline"): staff with `comment` add one, on the scheme or on a
 * folder; the form keeps what was typed when the save is refused.
 */
export function GreenComments({ fitout, folders, version }: { fitout: GreenFitout; folders: GreenFolder[]; version: string }) {
  const { t } = useTranslation("green-fitout");
  const ability = currentAbility();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);
  const { result, query } = useList<{ id: number; type: string; actionType: string; comment: string; folderId: number | null; createdAt: string }>({
    resource: greenFitoutHistoriesPath,
    filters: [{ field: "greenFitoutId", operator: "eq", value: fitout.id }],
    sorters: [{ field: "id", order: "desc" }],
    pagination: { currentPage: page, pageSize: HISTORY_PAGE },
    liveMode: "auto",
  });
  useRefetchOn(version, query.refetch);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await greenCall(greenFitoutsPath, "comment", {
        id: fitout.id,
        comment: values.comment,
        ...(values.folderId ? { folderId: values.folderId } : {}),
        updatedAt: fitout.updatedAt,
      });
      form.resetFields();
    } catch (error) {
      notifyError(`${greenFitoutsPath}.comment`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {ability.can("comment", "green-fitouts") && (
        <Form form={form} layout="inline" style={{ rowGap: 8 }}>
          <Form.Item name="folderId" style={{ minWidth: 220 }}>
            <Select
              allowClear
              aria-label={t("history.folder")}
              placeholder={t("comments.wholeScheme")}
              options={folders.map((folder) => ({ value: folder.id, label: folder.title }))}
            />
          </Form.Item>
          <Form.Item
            name="comment"
            validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: t("comments.required") }]}
            style={{ flex: 1, minWidth: 260 }}
          >
            <Input.TextArea
              rows={1}
              maxLength={4000}
              aria-label={t("comments.placeholder")}
              placeholder={t("comments.placeholder")}
              data-testid="green-comment"
            />
          </Form.Item>
          <Button onClick={() => void save()} loading={busy} data-testid="green-comment-save">
            {t("comments.add")}
          </Button>
        </Form>
      )}
      <Table
        size="small"
        rowKey="id"
        pagination={historyPaging(page, result?.total ?? 0, setPage)}
        dataSource={result?.data ?? []}
        data-testid="green-history"
        columns={[
          { title: t("history.at"), dataIndex: "createdAt", render: (value: string) => formatDateTime(value) },
          { title: t("history.action"), dataIndex: "actionType", render: (value: string) => t(`actionTypes.${value}`, { defaultValue: value }) },
          { title: t("history.folder"), dataIndex: "folderId", render: (value: number | null) => folderName(folders, value) },
          { title: t("history.comment"), dataIndex: "comment", render: (value: string) => <Typography.Text>{value}</Typography.Text> },
        ]}
      />
    </Space>
  );
}
