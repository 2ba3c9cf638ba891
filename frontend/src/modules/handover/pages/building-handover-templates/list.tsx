import { useEffect, useRef, useState } from "react";
import { List } from "@refinedev/antd";
import { useList, useMany, type BaseRecord } from "@refinedev/core";
import { Alert, Button, Card, Empty, Form, Popconfirm, Space, Spin, Table, Tag, Typography } from "antd";
import { CloudUploadOutlined, UndoOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { currentAbility } from "../../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { useSession } from "../../../../providers/session";
import { formatDateTime } from "../../../../components/format";
import { RecordSelect } from "../../../../components/settings/RecordSelect";
import { buildingHandoverTemplatesPath } from "../../../../../../backend/src/modules/handover/services/building-handover-templates/building-handover-templates.shared";
import type { HotbSection } from "../../../../../../backend/src/modules/handover/services/hotb-schedule-items/hotb-schedule-items.shared";
import { TemplateItemLines, TemplateKeyLines } from "../../components/building-handover-templates/TemplateLines";

interface Template extends BaseRecord {
  buildingId: number;
  version: number;
  items: { section: HotbSection; item: string }[];
  keys: { item: string; keys: number; accessCards: number }[];
  createdAt: string;
}
interface TemplateForm {
  items: { section?: HotbSection; item?: string }[];
  keys: { item?: string; keys?: number; accessCards?: number }[];
}

const toForm = (template: Template | undefined): TemplateForm => ({
  items: (template?.items ?? []).map((line) => ({ ...line })),
  keys: (template?.keys ?? []).map((line) => ({ ...line })),
});

/** The buildings' codes and names for the versions listed. */
function useBuildingNames(ids: number[]) {
  const wanted = [...new Set(ids)];
  const { result } = useMany({ resource: "buildings", ids: wanted, queryOptions: { enabled: wanted.length > 0 } });
  return (id: unknown) => {
    const building = (result?.data ?? []).find((row: BaseRecord) => row.id === id);
    return building ? [building.code, building.name].filter(Boolean).join(" — ") : "";
  };
}

/**
 * Settings → Handover templates (issue 31 item 3): each building's latest template, and for the
 * building chosen its schedule items (section, item) and key lines (item, keys, access cards),
 * which staff with the buildings' update right edit and publish as the building's next version.
 * A published version never changes: records keep the version they were filled from.
 */
export function BuildingHandoverTemplateList() {
  const { t } = useTranslation(["building-handover-templates", "hotb"]);
  useSession((s) => s.rules);
  const [buildingId, setBuildingId] = useState<number | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<TemplateForm>();
  const mayEdit = currentAbility().can("update", "buildings");
  const latest = useList<Template>({
    resource: buildingHandoverTemplatesPath,
    filters: [{ field: "$latest", operator: "eq", value: true }],
    sorters: [{ field: "buildingId", order: "asc" }],
    pagination: { pageSize: 100 },
  });
  const rows = (latest.result?.data ?? []) as Template[];
  const building = useBuildingNames(rows.map((row) => row.buildingId));
  const chosen = useList<Template>({
    resource: buildingHandoverTemplatesPath,
    filters: [{ field: "buildingId", operator: "eq", value: buildingId }],
    sorters: [{ field: "version", order: "desc" }],
    pagination: { pageSize: 1 },
    queryOptions: { enabled: buildingId !== undefined },
  });
  const current = (chosen.result?.data ?? [])[0] as Template | undefined;
  const loading = buildingId !== undefined && chosen.query.isLoading;

  // What is published becomes the form again whenever it changes (another building, a new
  // version) and nothing is being edited; the version read is the latest render's.
  const published = useRef(current);
  published.current = current;
  useEffect(() => {
    if (!dirty && !loading) form.setFieldsValue(toForm(published.current));
  }, [buildingId, current?.id, loading, dirty, form]);

  const choose = (id: number | undefined) => {
    setDirty(false);
    setBuildingId(id);
  };
  const publish = async (values: TemplateForm) => {
    if (buildingId === undefined) return;
    setBusy(true);
    try {
      const saved = await api<Template>(buildingHandoverTemplatesPath, {
        method: "POST",
        body: {
          buildingId,
          items: (values.items ?? []).map((line) => ({ section: line.section, item: String(line.item ?? "").trim() })),
          keys: (values.keys ?? []).map((line) => ({
            item: String(line.item ?? "").trim(),
            keys: Number(line.keys ?? 0),
            accessCards: Number(line.accessCards ?? 0),
          })),
        },
        action: `${buildingHandoverTemplatesPath}.create`,
      });
      setDirty(false);
      notifySuccess(t("published", { version: saved.version }));
      await Promise.all([chosen.query.refetch(), latest.query.refetch()]);
    } catch (error) {
      notifyError(`${buildingHandoverTemplatesPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <List title={t("title")} breadcrumb={false}>
      {!mayEdit && <Alert type="info" showIcon message={t("readOnly")} style={{ marginBottom: 16 }} />}
      <Table<Template>
        dataSource={rows}
        rowKey="id"
        size="small"
        pagination={false}
        loading={latest.query.isLoading}
        style={{ marginBottom: 16 }}
        scroll={{ x: 560 }}
        onRow={(row) => ({ onClick: () => choose(row.buildingId), style: { cursor: "pointer" } })}
        data-testid="templates-latest"
      >
        <Table.Column<Template>
          dataIndex="buildingId"
          title={t("building")}
          render={(id) => (
            <Button type="link" style={{ padding: 0 }} onClick={() => choose(id)}>
              {building(id) || String(id)}
            </Button>
          )}
        />
        <Table.Column<Template>
          dataIndex="version"
          title={t("versionTitle")}
          render={(_, row) => t("version", { version: row.version, date: formatDateTime(row.createdAt) })}
        />
        <Table.Column<Template> key="items" title={t("items")} render={(_, row) => row.items.length} />
        <Table.Column<Template> key="keys" title={t("keys")} render={(_, row) => row.keys.length} />
      </Table>
      <Card size="small">
        <Form.Item label={t("building")} htmlFor="template-building" style={{ marginBottom: 16 }}>
          <RecordSelect
            resource="buildings"
            id="template-building"
            value={buildingId}
            onChange={(value) => choose(value as number | undefined)}
            style={{ width: 280 }}
            data-testid="template-building"
          />
        </Form.Item>
        {buildingId === undefined ? (
          <Empty description={t("chooseBuilding")} />
        ) : loading ? (
          <Spin style={{ display: "block", margin: 24 }} />
        ) : (
          <Form<TemplateForm>
            form={form}
            name="template"
            layout="vertical"
            validateTrigger="onBlur"
            disabled={!mayEdit || busy}
            onValuesChange={() => setDirty(true)}
            onFinish={(values) => void publish(values)}
          >
            <Space wrap style={{ marginBottom: 12 }}>
              {current ? (
                <Tag color="green" data-testid="template-version">
                  {t("version", { version: current.version, date: formatDateTime(current.createdAt) })}
                </Tag>
              ) : (
                <Tag>{t("noVersion")}</Tag>
              )}
              {dirty && <Tag color="gold">{t("unsaved")}</Tag>}
            </Space>
            <Typography.Title level={5}>{t("items")}</Typography.Title>
            <TemplateItemLines mayEdit={mayEdit} />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t("keys")}
            </Typography.Title>
            <TemplateKeyLines mayEdit={mayEdit} />
            {mayEdit && (
              <Space wrap style={{ marginTop: 16 }}>
                <Popconfirm title={t("publishConfirm")} okText={t("publish")} cancelText={t("hotb:actions.back")} onConfirm={() => form.submit()}>
                  <Button type="primary" icon={<CloudUploadOutlined />} loading={busy} disabled={!dirty} data-testid="template-publish">
                    {t("publish")}
                  </Button>
                </Popconfirm>
                <Button
                  icon={<UndoOutlined />}
                  disabled={!dirty || busy}
                  onClick={() => {
                    setDirty(false);
                    form.setFieldsValue(toForm(current));
                  }}
                >
                  {t("discard")}
                </Button>
              </Space>
            )}
          </Form>
        )}
      </Card>
    </List>
  );
}
