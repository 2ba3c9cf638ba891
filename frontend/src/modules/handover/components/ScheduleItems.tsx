import { useState } from "react";
import { type BaseRecord } from "@refinedev/core";
import { Button, Empty, Form, Input, Popconfirm, Select, Space, Spin, Table, Typography } from "antd";
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import {
  hotbScheduleItemsPath,
  hotbScheduleLimits,
  hotbSections,
  type HotbSection,
} from "../../../../../backend/src/modules/handover/services/hotb-schedule-items/hotb-schedule-items.shared";
import { hotbWrite } from "./api";
import { VersionedDialog } from "./VersionedDialog";
import { useRecordDialog } from "../../../components/settings/useRecordDialog";
import { useAllLines } from "./useAllLines";
import { ItemPhotos, useHotbPhotos } from "./HotbPhotos";
import { DeterioratedPanel, DeteriorationCell } from "./Deterioration";
import { mayMarkDeterioration, mayTakePhotos } from "./rules";
import { handoverItemOf } from "../../../../../backend/src/modules/handover/services/hotb-photos/then-and-now.shared";

type Line = BaseRecord & {
  section: HotbSection;
  position: number;
  item: string;
  condition: string | null;
  remarks: string | null;
  handoverCondition?: string | null;
  handoverRemarks?: string | null;
  updatedAt: string;
  deteriorated?: boolean;
  deductionCents?: number | null;
  deductionReason?: string | null;
  deductionId?: number | null;
};

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
const toForm = (line: Line) => ({ section: line.section, item: line.item, condition: line.condition ?? undefined, remarks: line.remarks ?? undefined });

const byPosition = [
  { field: "position", order: "asc" as const },
  { field: "id", order: "asc" as const },
];

/** A record's schedule lines (all of them, however many pages), in the spec's section order and each section's order; live. */
export function useScheduleLines(hotbId: unknown) {
  const { lines, loading } = useAllLines<Line>(hotbScheduleItemsPath, hotbId, byPosition);
  return { lines, loading };
}

/**
 * The record's condition schedule (spec hotb §3 "Schedules"): its items by section, each with its
 * condition and remarks; a takeback shows beside each the condition the handover recorded. Staff
 * who may edit the record add, edit and remove lines while it is editable; everyone else reads them.
 */
export function ScheduleItems({ record, editable, staff = true }: { record: Record<string, any>; editable: boolean; staff?: boolean }) {
  const { t } = useTranslation("hotb");
  const { lines, loading } = useScheduleLines(record.id);
  const [editing, setEditing] = useState<Line | "new" | null>(null);
  const open = editing !== null;
  const line = editing === "new" ? undefined : (editing ?? undefined);
  const dialog = useRecordDialog<Line>({ open, record: line, path: hotbScheduleItemsPath, toForm, onClose: () => setEditing(null) });
  const takeback = record.type === "TAKEBACK";
  // Photos (issue 31 §4) and, on a takeback, the handover's items and photos beside its own (§5, then and now).
  const photos = useHotbPhotos(record.id);
  const source = takeback ? record.sourceHotbId : undefined;
  const handoverLines = useScheduleLines(source).lines;
  const handoverPhotos = useHotbPhotos(source);
  const photosEditable = staff && mayTakePhotos(record);
  const marking = staff && mayMarkDeterioration(record);
  const photosNow = (row: { id: number }) => photos.byItem.get(row.id) ?? [];
  const photosThen = (row: { id: number }) => {
    const then = handoverItemOf(row as Line & { id: number }, lines as Array<Line & { id: number }>, handoverLines as Array<Line & { id: number }>);
    return then ? (handoverPhotos.byItem.get(then.id) ?? []) : [];
  };

  const save = (values: Record<string, any>) =>
    line
      ? dialog.send(
          `${hotbScheduleItemsPath}.patch`,
          () =>
            hotbWrite(hotbScheduleItemsPath, "PATCH", line.id as number, {
              item: String(values.item).trim(),
              condition: text(values.condition),
              remarks: text(values.remarks),
              updatedAt: dialog.version,
            }),
          t("done.saved"),
        )
      : dialog.send(
          `${hotbScheduleItemsPath}.create`,
          () =>
            hotbWrite(hotbScheduleItemsPath, "POST", undefined, {
              hotbId: record.id,
              section: values.section,
              item: String(values.item).trim(),
              condition: text(values.condition),
              remarks: text(values.remarks),
            }),
          t("done.saved"),
        );
  const remove = async (target: Line) => {
    try {
      await hotbWrite(hotbScheduleItemsPath, "DELETE", target.id as number);
      notifySuccess(t("done.saved"));
    } catch (error) {
      notifyError(`${hotbScheduleItemsPath}.remove`, error, target.item);
    }
  };

  if (loading) return <Spin style={{ display: "block", margin: 24 }} />;
  const sections = hotbSections.filter((section) => lines.some((candidate) => candidate.section === section));
  return (
    <div data-testid="hotb-schedule">
      {editable && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing("new")} style={{ marginBottom: 12 }} data-testid="hotb-schedule-add">
          {t("schedule.add")}
        </Button>
      )}
      {takeback && (
        <DeterioratedPanel hotbId={record.id} lines={lines as Array<Line & { id: number }>} photosNow={photosNow} photosThen={photosThen} editable={marking} />
      )}
      {!sections.length && <Empty description={t("schedule.empty")} />}
      {sections.map((section) => (
        <section key={section} aria-labelledby={`hotb-section-${section}`} style={{ marginBottom: 16 }}>
          <Typography.Title level={5} id={`hotb-section-${section}`}>
            {t(`sections.${section}`)}
          </Typography.Title>
          <Table<Line>
            dataSource={lines.filter((candidate) => candidate.section === section)}
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: takeback ? 1100 : 800 }}
            data-testid={`hotb-section-${section}`}
          >
            <Table.Column<Line> dataIndex="item" title={t("schedule.item")} width={220} />
            {takeback && (
              <Table.Column<Line>
                key="then"
                title={t("schedule.handoverCondition")}
                render={(_, row) => (
                  <Space direction="vertical" size={4}>
                    <span>{row.handoverCondition}</span>
                    {row.handoverRemarks && <Typography.Text type="secondary">{row.handoverRemarks}</Typography.Text>}
                    {photosThen(row as Line & { id: number }).length > 0 && (
                      <ItemPhotos
                        itemId={row.id as number}
                        item={row.item}
                        photos={photosThen(row as Line & { id: number })}
                        editable={false}
                        testId="hotb-handover-photos"
                      />
                    )}
                  </Space>
                )}
              />
            )}
            <Table.Column<Line>
              dataIndex="condition"
              title={t("schedule.condition")}
              render={(value) => <span data-testid="hotb-schedule-condition">{value}</span>}
            />
            <Table.Column<Line> dataIndex="remarks" title={t("schedule.remarks")} />
            <Table.Column<Line>
              key="photos"
              title={t(takeback ? "photos.now" : "photos.title")}
              render={(_, row) => (
                <ItemPhotos itemId={row.id as number} item={row.item} photos={photosNow(row as Line & { id: number })} editable={photosEditable} />
              )}
            />
            {takeback && (
              <Table.Column<Line>
                key="deterioration"
                title={t("deterioration.deteriorated")}
                render={(_, row) => <DeteriorationCell line={row as Line & { id: number }} editable={marking} />}
              />
            )}
            {editable && (
              <Table.Column<Line>
                key="actions"
                width={96}
                render={(_, row) => (
                  <Space size={0}>
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={`${t("actions.edit")} ${row.item}`}
                      onClick={() => setEditing(row)}
                      data-testid="hotb-schedule-edit"
                    />
                    <Popconfirm title={t("schedule.removeConfirm")} okText={t("actions.remove")} cancelText={t("actions.back")} onConfirm={() => remove(row)}>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t("actions.remove")} ${row.item}`} />
                    </Popconfirm>
                  </Space>
                )}
              />
            )}
          </Table>
        </section>
      ))}
      <VersionedDialog
        title={t(line ? "schedule.editTitle" : "schedule.addTitle")}
        open={open}
        busy={dialog.busy}
        onFinish={save}
        onClose={() => setEditing(null)}
        dialog={dialog}
        testId="hotb-schedule"
        labels={{ item: t("schedule.item"), condition: t("schedule.condition"), remarks: t("schedule.remarks"), section: t("schedule.section") }}
      >
        <Form.Item name="section" label={t("schedule.section")} rules={[{ required: true, message: t("validation.section") }]}>
          <Select
            aria-label={t("schedule.section")}
            disabled={Boolean(line)}
            options={hotbSections.map((section) => ({ value: section, label: t(`sections.${section}`) }))}
            data-testid="hotb-schedule-section"
          />
        </Form.Item>
        <Form.Item name="item" label={t("schedule.item")} rules={[{ required: true, whitespace: true, message: t("validation.item") }]}>
          <Input.TextArea rows={2} maxLength={hotbScheduleLimits.item} data-testid="hotb-schedule-item" />
        </Form.Item>
        <Form.Item name="condition" label={t("schedule.condition")}>
          <Input maxLength={hotbScheduleLimits.condition} data-testid="hotb-schedule-condition-input" />
        </Form.Item>
        <Form.Item name="remarks" label={t("schedule.remarks")}>
          <Input.TextArea rows={3} maxLength={hotbScheduleLimits.remarks} showCount data-testid="hotb-schedule-remarks" />
        </Form.Item>
      </VersionedDialog>
    </div>
  );
}
