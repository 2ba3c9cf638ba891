import { useList } from "@refinedev/core";
import { Divider, Empty, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { currentAbility } from "../../../providers/access-control";
import { useSession } from "../../../providers/session";
import { formatDate } from "../../../components/format";
import { guidelinesPath, sortGuidelines, type GuidelineType } from "../../../../../backend/src/modules/tenant-projects/services/guidelines/guidelines.shared";

export interface GuidelineRecord {
  id: number;
  type: GuidelineType;
  itemId: string;
  sectionContent: { order: number; value: string }[];
  order: number;
  secondaryOrder: number;
  displayOrder: number;
  status: "DRAFT" | "PUBLISHED";
  version: number;
  isCurrent: boolean;
  updatedAt: string;
}

/** One section as read: its item number before its first line, the other lines under it. */
export function GuidelineSection({ item }: { item: Pick<GuidelineRecord, "itemId" | "sectionContent"> }) {
  const [first, ...rest] = [...item.sectionContent].sort((a, b) => a.order - b.order);
  return (
    <div data-testid={`guideline-${item.itemId}`} style={{ marginBottom: 12 }}>
      <Typography.Text strong>
        {item.itemId}. {first?.value}
      </Typography.Text>
      {rest.length > 0 && (
        <ol type="a" style={{ margin: "4px 0 0", paddingInlineStart: 28 }}>
          {rest.map((line) => (
            <li key={line.order}>{line.value}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The region's published fit-out guidelines on a tenant project's information (spec tenant
 * projects §3 "Guideline", §7 GET guidelines), read-only, with their item numbers and version. Shown
 * to whoever may read the guidelines (tenants read the published version only).
 */
export function GuidelinesPanel({ type = "FIT_OUT" }: { type?: GuidelineType }) {
  const { t } = useTranslation("guidelines");
  useSession((s) => s.rules);
  const mayRead = currentAbility().can("read", guidelinesPath);
  const { result, query } = useList<GuidelineRecord>({
    resource: guidelinesPath,
    filters: [
      { field: "type", operator: "eq", value: type },
      { field: "isCurrent", operator: "eq", value: true },
    ],
    pagination: { pageSize: 100 },
    queryOptions: { enabled: mayRead },
  });
  if (!mayRead) return null;
  const items = sortGuidelines(result?.data ?? []);
  const version = items[0]?.version;
  const updatedAt = items.reduce((latest, item) => (item.updatedAt > latest ? item.updatedAt : latest), "");
  return (
    <section data-testid="project-guidelines">
      <Divider />
      <Space wrap align="baseline" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(`panel.title.${type}`)}
        </Typography.Title>
        {version !== undefined && (
          <Tag color="blue" data-testid="project-guidelines-version">
            {t("panel.version", { version, date: formatDate(updatedAt) })}
          </Tag>
        )}
      </Space>
      {!query.isLoading && items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("panel.empty")} />
      ) : (
        items.map((item) => <GuidelineSection key={item.id} item={item} />)
      )}
    </section>
  );
}
