import { useOne } from "@refinedev/core";
import { Button, DatePicker, Form, Input, Select, Space, Table } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { dateInputFormat } from "../../../components/format";

/**
 * The premises lines of a tenancy (spec §3): floor from the building's ordered floor list, zone
 * from its zones, effective date, end date (the whole end day counts) and detail.
 */
export function PremisesEditor({ buildingId }: { buildingId?: number }) {
  const { t } = useTranslation("tenancies");
  const { query } = useOne<{ floors?: string[]; zones?: string[] }>({ resource: "buildings", id: buildingId, queryOptions: { enabled: Boolean(buildingId) } });
  const floors = query.data?.data?.floors ?? [];
  const zones = query.data?.data?.zones ?? [];
  return (
    <Form.List name="premises">
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            scroll={{ x: 720 }}
            locale={{ emptyText: t("premises.none") }}
            columns={[
              {
                title: t("premises.floor"),
                width: 120,
                render: (_, field) => (
                  <Form.Item name={[field.name, "floor"]} rules={[{ required: true, message: t("premises.floorRequired") }]} style={{ margin: 0 }}>
                    <Select aria-label={t("premises.floor")} showSearch options={floors.map((floor) => ({ value: floor, label: floor }))} />
                  </Form.Item>
                ),
              },
              {
                title: t("premises.zone"),
                width: 110,
                render: (_, field) => (
                  <Form.Item name={[field.name, "zone"]} style={{ margin: 0 }}>
                    <Select aria-label={t("premises.zone")} allowClear options={zones.map((zone) => ({ value: zone, label: zone }))} />
                  </Form.Item>
                ),
              },
              {
                title: t("premises.effectiveDate"),
                width: 160,
                render: (_, field) => (
                  <Form.Item name={[field.name, "effectiveDate"]} rules={[{ required: true, message: t("premises.dateRequired") }]} style={{ margin: 0 }}>
                    <DatePicker aria-label={t("premises.effectiveDate")} format={dateInputFormat()} />
                  </Form.Item>
                ),
              },
              {
                title: t("premises.endDate"),
                width: 160,
                render: (_, field) => (
                  <Form.Item name={[field.name, "endDate"]} style={{ margin: 0 }}>
                    <DatePicker aria-label={t("premises.endDate")} format={dateInputFormat()} />
                  </Form.Item>
                ),
              },
              {
                title: t("premises.detail"),
                render: (_, field) => (
                  <Form.Item name={[field.name, "detail"]} style={{ margin: 0 }}>
                    <Input aria-label={t("premises.detail")} maxLength={255} />
                  </Form.Item>
                ),
              },
              {
                width: 48,
                render: (_, field) => (
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("premises.remove")} onClick={() => remove(field.name)} />
                ),
              },
            ]}
          />
          <Button icon={<PlusOutlined />} onClick={() => add({})} disabled={!buildingId}>
            {t("premises.add")}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
