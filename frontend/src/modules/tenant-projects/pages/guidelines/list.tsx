import { useEffect, useMemo, useState } from "react";
import { List } from "@refinedev/antd";
import { useList } from "@refinedev/core";
import { Alert, Button, Popconfirm, Space, Spin, Tabs, Tag, Tooltip, Typography } from "antd";
import { CloudUploadOutlined, SaveOutlined, UndoOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { currentAbility } from "../../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { useSession } from "../../../../providers/session";
import { formatDateTime } from "../../../../components/format";
import {
  guidelineTypes,
  guidelinesPath,
  setStamp,
  sortGuidelines,
  type GuidelineType,
} from "../../../../../../backend/src/modules/tenant-projects/services/guidelines/guidelines.shared";
import type { GuidelineRecord } from "../../components/GuidelinesPanel";
import { GuidelineSectionsEditor, newKey, sectionProblem, type EditSection } from "../../components/GuidelineSectionsEditor";

const toSections = (rows: readonly GuidelineRecord[]): EditSection[] =>
  sortGuidelines(rows).map((row) => ({
    key: newKey(),
    itemId: row.itemId,
    lines: [...row.sectionContent].sort((a, b) => a.order - b.order).map((line) => ({ key: newKey(), value: line.value })),
  }));

const toItems = (sections: readonly EditSection[]) =>
  sections.map((section, index) => ({
    itemId: section.itemId.trim(),
    order: index + 1,
    displayOrder: index + 1,
    sectionContent: section.lines.filter((line) => line.value.trim()).map((line, at) => ({ order: at + 1, value: line.value.trim() })),
  }));

/** A type's rows of one kind (its drafts, or the published set tenants read), all of them. */
const useRows = (type: GuidelineType, field: "status" | "isCurrent", value: string | boolean) =>
  useList<GuidelineRecord>({
    resource: guidelinesPath,
    filters: [
      { field: "type", operator: "eq", value: type },
      { field, operator: "eq", value },
    ],
    pagination: { pageSize: 100 },
  });

/**
 * Settings → Fit-out guidelines (spec tenant projects §3 "Guideline", §7 PUT and PATCH guidelines):
 * by type, the sections with their ordered lines. Staff edit the next version (the drafts, or the
 * published version to begin with), save it as a draft, and publish it after a confirmation, while
 * tenants keep reading the published version. A stale save or publish is refused (410) and says so.
 */
export function GuidelineList() {
  const { t } = useTranslation(["guidelines", "common"]);
  useSession((s) => s.rules);
  const [type, setType] = useState<GuidelineType>("FIT_OUT");
  const [sections, setSections] = useState<EditSection[]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const drafts = useRows(type, "status", "DRAFT");
  const current = useRows(type, "isCurrent", true);
  const draftRows = useMemo(() => drafts.result?.data ?? [], [drafts.result]);
  const currentRows = useMemo(() => current.result?.data ?? [], [current.result]);
  const base = draftRows.length ? draftRows : currentRows;
  const baseStamp = setStamp(base);
  const loading = drafts.query.isLoading || current.query.isLoading;
  const mayEdit = currentAbility().can("update", guidelinesPath);
  const mayPublish = currentAbility().can("publish", guidelinesPath);

  // What is stored becomes the form again whenever it changes and nothing is being edited.
  useEffect(() => {
    if (!dirty && !loading) setSections(toSections(base));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type, baseStamp, base.length, loading, dirty]);

  const edit = (next: EditSection[]) => {
    setSections(next);
    setDirty(true);
  };
  const refetch = async () => {
    await Promise.all([drafts.query.refetch(), current.query.refetch()]);
  };
  const run = async (method: "save" | "publishDrafts", body: Record<string, unknown>, done: (rows: GuidelineRecord[]) => string) => {
    setBusy(true);
    try {
      const rows = await api<GuidelineRecord[]>(guidelinesPath, {
        method: "POST",
        body,
        headers: { "X-Service-Method": method },
        action: `${guidelinesPath}.${method}`,
      });
      setDirty(false);
      notifySuccess(done(rows));
      await refetch();
    } catch (error) {
      notifyError(`${guidelinesPath}.${method}`, error);
    } finally {
      setBusy(false);
    }
  };
  const save = () => run("save", { type, items: toItems(sections), updatedAt: baseStamp }, () => t("saved"));
  const publish = () => run("publishDrafts", { type, updatedAt: setStamp(draftRows) }, (rows) => t("publishedNotice", { version: rows[0]?.version }));
  const discard = () => {
    setDirty(false);
    setSections(toSections(base));
  };

  const invalid = sections.length === 0 || sections.some((section) => sectionProblem(section, sections));
  const publishedVersion = currentRows[0]?.version;
  const draftVersion = draftRows[0]?.version;
  const changeType = (next: string) => {
    if (dirty) discard();
    setType(next as GuidelineType);
  };

  return (
    <List title={t("title")} breadcrumb={false}>
      <Tabs activeKey={type} onChange={changeType} items={guidelineTypes.map((key) => ({ key, label: t(`types.${key}`) }))} />
      <Space wrap style={{ marginBottom: 16 }} data-testid="guidelines-state">
        {publishedVersion !== undefined ? (
          <Tag color="green" data-testid="guidelines-published">
            {t("publishedVersion", { version: publishedVersion, date: formatDateTime(setStamp(currentRows)) })}
          </Tag>
        ) : (
          <Tag>{t("notPublished")}</Tag>
        )}
        {draftVersion !== undefined ? (
          <Tag color="orange" data-testid="guidelines-draft">
            {t("draftOf", { version: draftVersion, date: formatDateTime(setStamp(draftRows)) })}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{t("noDraft")}</Typography.Text>
        )}
        {dirty && <Tag color="gold">{t("unsaved")}</Tag>}
      </Space>
      {!mayEdit && <Alert type="info" showIcon message={t("readOnly")} style={{ marginBottom: 16 }} />}
      {loading ? (
        <Spin style={{ display: "block", margin: 48 }} />
      ) : (
        <GuidelineSectionsEditor sections={sections} onChange={edit} disabled={!mayEdit || busy} />
      )}
      {mayEdit && (
        <Space wrap style={{ marginTop: 16 }}>
          <Button type="primary" icon={<SaveOutlined />} loading={busy} disabled={!dirty || invalid} onClick={() => void save()} data-testid="guidelines-save">
            {t("actions.save")}
          </Button>
          <Button icon={<UndoOutlined />} disabled={!dirty || busy} onClick={discard}>
            {t("actions.discard")}
          </Button>
          {mayPublish && (
            <Popconfirm
              title={t("confirmPublish.title")}
              description={t("confirmPublish.description", { version: draftVersion })}
              okText={t("actions.publish")}
              cancelText={t("common:buttons.cancel")}
              onConfirm={() => publish()}
              disabled={!draftRows.length || dirty || busy}
            >
              <Tooltip title={dirty ? t("saveFirst") : !draftRows.length ? t("nothingToPublish") : undefined}>
                <Button icon={<CloudUploadOutlined />} disabled={!draftRows.length || dirty || busy} data-testid="guidelines-publish">
                  {t("actions.publish")}
                </Button>
              </Tooltip>
            </Popconfirm>
          )}
        </Space>
      )}
    </List>
  );
}
