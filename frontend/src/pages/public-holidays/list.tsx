import { useState } from "react";
import { List, useTable } from "@refinedev/antd";
import { useCan, useCreate, useDelete, type BaseRecord } from "@refinedev/core";
import { Button, Card, DatePicker, Form, Input, Popconfirm, Select, Space, Table } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { dateInputFormat, formatDate } from "../../components/format";
import { useSession } from "../../providers/session";

interface NewHoliday {
  date?: Dayjs;
  name?: string;
}

/** This year, the last and the next two: the years an administrator keeps ahead of the clocks. */
const yearsAround = (year: number) => [year - 1, year, year + 1, year + 2];

/**
 * Settings → Public holidays (issue 29 item 7): the region's holidays of a year, which the
 * working-day clocks skip (tender closing dates, fit-out review steps). Whoever may create adds a
 * day with its name in place, and removes one after a confirmation; the list follows live.
 */
export function PublicHolidayList() {
  const { t } = useTranslation(["public-holidays", "common"]);
  const language = useSession((s) => s.language);
  const [year, setYear] = useState(new Date().getFullYear());
  const [form] = Form.useForm<NewHoliday>();
  const { data: mayCreate } = useCan({ resource: "public-holidays", action: "create" });
  const { data: mayDelete } = useCan({ resource: "public-holidays", action: "delete" });
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutate: remove } = useDelete();
  const { tableProps } = useTable<BaseRecord>({
    resource: "public-holidays",
    sorters: { initial: [{ field: "date", order: "asc" }], mode: "off" },
    filters: {
      permanent: [
        { field: "date", operator: "gte", value: `${year}-01-01` },
        { field: "date", operator: "lte", value: `${year}-12-31` },
      ],
    },
    pagination: { pageSize: 100 },
    syncWithLocation: false,
  });
  const weekday = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(language, { weekday: "long", timeZone: "UTC" });
  const add = async ({ date, name }: NewHoliday) => {
    await create({ resource: "public-holidays", values: { date: date!.format("YYYY-MM-DD"), name: name!.trim() }, successNotification: false });
    form.resetFields();
  };
  return (
    <List
      title={t("title")}
      headerButtons={
        <Select
          value={year}
          onChange={setYear}
          options={yearsAround(new Date().getFullYear()).map((value) => ({ value, label: String(value) }))}
          style={{ width: 110 }}
          aria-label={t("fields.year")}
          data-testid="holiday-year"
        />
      }
    >
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        {mayCreate?.can && (
          <Card size="small" title={t("add")}>
            <Form form={form} layout="inline" validateTrigger="onBlur" onFinish={add} style={{ rowGap: 8 }}>
              <Form.Item name="date" label={t("fields.date")} rules={[{ required: true, message: t("validation.date") }]}>
                <DatePicker format={dateInputFormat()} data-testid="holiday-date" />
              </Form.Item>
              <Form.Item name="name" label={t("fields.name")} rules={[{ required: true, whitespace: true, message: t("validation.name") }]}>
                <Input maxLength={100} style={{ width: 280, maxWidth: "100%" }} data-testid="holiday-name" />
              </Form.Item>
              <Form.Item>
                <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={creating.isPending} data-testid="holiday-add">
                  {t("add")}
                </Button>
              </Form.Item>
            </Form>
          </Card>
        )}
        <Table {...tableProps} rowKey="id" size="middle" pagination={false} locale={{ emptyText: t("empty", { year }) }} data-testid="holidays">
          <Table.Column dataIndex="date" title={t("fields.date")} render={formatDate} />
          <Table.Column dataIndex="date" key="weekday" title={t("fields.weekday")} render={weekday} />
          <Table.Column dataIndex="name" title={t("fields.name")} />
          {mayDelete?.can && (
            <Table.Column<BaseRecord>
              title={t("common:table.actions")}
              width={90}
              render={(_, record) => (
                <Popconfirm
                  title={t("confirmRemove", { name: record.name })}
                  okText={t("remove")}
                  cancelText={t("common:actions.cancel")}
                  onConfirm={() => remove({ resource: "public-holidays", id: record.id! })}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("remove")} data-testid="holiday-remove" />
                </Popconfirm>
              )}
            />
          )}
        </Table>
      </Space>
    </List>
  );
}
