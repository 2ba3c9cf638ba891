import { useState } from "react";
import { type BaseRecord } from "@refinedev/core";
import { Alert, Button, Empty, Form, Input, InputNumber, Popconfirm, Radio, Space, Spin, Table, Tag } from "antd";
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { session } from "../../../providers/session";
import { AmountInput } from "../../../components/AmountInput";
import { formatMoney, fromCents } from "../../../components/format";
import { toCents } from "../../../../../backend/src/format/format.shared";
import {
  hotbKeyLimits,
  hotbKeysPath,
  keyLineProblem,
  keyOutcomes,
  openKeyLines,
  type KeyLine,
} from "../../../../../backend/src/modules/handover/services/hotb-keys/hotb-keys.shared";
import { hotbWrite } from "./api";
import { VersionedDialog } from "./VersionedDialog";
import { useRecordDialog } from "../../../components/settings/useRecordDialog";
import { useAllLines } from "./useAllLines";

type Row = BaseRecord & KeyLine & { position: number; updatedAt?: unknown };

const currency = () => session.currentRegion()?.currency;
const toForm = (line: Row) => ({
  item: line.item,
  keys: line.keys,
  keysHandedOver: line.keysHandedOver,
  accessCards: line.accessCards,
  outcome: line.outcome ?? undefined,
  charge: line.chargeCents == null ? undefined : Number(fromCents(line.chargeCents)),
  waiverReason: line.waiverReason ?? undefined,
});

const byPosition = [
  { field: "position", order: "asc" as const },
  { field: "id", order: "asc" as const },
];

/** A record's key lines (all of them, however many pages), in order; live. */
export function useKeyLines(hotbId: unknown) {
  return useAllLines<Row>(hotbKeysPath, hotbId, byPosition);
}

/**
 * The record's key schedule (spec hotb §3: item, keys, keys handed over, access cards). On a
 * takeback each line that handed anything over is settled (returned, lost with a charge, waived
 * with a reason) before the record may complete: the open lines are tagged, and listed above when
 * a completion was refused for them (`blocked`). Staff who may edit the record add, edit, settle
 * and remove lines while it is editable (`editable`), and settle them while it waits for its
 * signature (`settleable`).
 */
export function KeyLines({ record, editable, settleable, blocked }: { record: Record<string, any>; editable: boolean; settleable: boolean; blocked: boolean }) {
  const { t } = useTranslation("hotb");
  const { lines, loading } = useKeyLines(record.id);
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const open = editing !== null;
  const line = editing === "new" ? undefined : (editing ?? undefined);
  const dialog = useRecordDialog<Row>({ open, record: line, path: hotbKeysPath, toForm, onClose: () => setEditing(null) });
  const takeback = record.type === "TAKEBACK";
  const outcome = Form.useWatch("outcome", dialog.form);
  const openLines = openKeyLines(record.type, lines);

  const settlement = (values: Record<string, any>) =>
    takeback
      ? {
          outcome: values.outcome ?? null,
          chargeCents:
            values.outcome === "LOST" && values.charge !== undefined && values.charge !== null && values.charge !== "" ? Number(toCents(values.charge)) : null,
          waiverReason: values.outcome === "WAIVED" ? String(values.waiverReason ?? "").trim() || null : null,
        }
      : {};
  const counts = (values: Record<string, any>) => ({
    item: String(values.item).trim(),
    keys: Number(values.keys ?? 0),
    keysHandedOver: Number(values.keysHandedOver ?? 0),
    accessCards: Number(values.accessCards ?? 0),
  });
  const save = (values: Record<string, any>) =>
    line
      ? dialog.send(
          `${hotbKeysPath}.patch`,
          () => hotbWrite(hotbKeysPath, "PATCH", line.id as number, { ...(editable ? counts(values) : {}), ...settlement(values), updatedAt: dialog.version }),
          t("done.saved"),
        )
      : dialog.send(
          `${hotbKeysPath}.create`,
          () => hotbWrite(hotbKeysPath, "POST", undefined, { hotbId: record.id, ...counts(values), ...settlement(values) }),
          t("done.saved"),
        );
  const remove = async (target: Row) => {
    try {
      await hotbWrite(hotbKeysPath, "DELETE", target.id as number);
      notifySuccess(t("done.saved"));
    } catch (error) {
      notifyError(`${hotbKeysPath}.remove`, error, target.item);
    }
  };

  if (loading) return <Spin style={{ display: "block", margin: 24 }} />;
  const count = { type: "integer" as const, min: 0, max: hotbKeyLimits.count, message: t("validation.count") };
  return (
    <div data-testid="hotb-keys">
      {blocked && openLines.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          message={t("keys.openLines")}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="hotb-open-keys">
              {openLines.map((open) => (
                <li key={String(open.id)}>
                  {open.item}: {t(`keys.problems.${open.problem}`)}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {editable && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing("new")} style={{ marginBottom: 12 }} data-testid="hotb-key-add">
          {t("keys.add")}
        </Button>
      )}
      {!lines.length ? (
        <Empty description={t("keys.empty")} />
      ) : (
        <Table<Row> dataSource={lines} rowKey="id" size="small" pagination={false} scroll={{ x: takeback ? 900 : 560 }}>
          <Table.Column<Row> dataIndex="item" title={t("keys.item")} width={180} />
          <Table.Column<Row> dataIndex="keys" title={t("keys.keys")} align="right" />
          <Table.Column<Row> dataIndex="keysHandedOver" title={t("keys.keysHandedOver")} align="right" />
          <Table.Column<Row> dataIndex="accessCards" title={t("keys.accessCards")} align="right" />
          {takeback && (
            <Table.Column<Row>
              key="outcome"
              title={t("keys.outcome")}
              render={(_, row) => {
                const problem = keyLineProblem(record.type, row);
                return (
                  <span data-testid="hotb-key-outcome">
                    {row.outcome && <Tag color={row.outcome === "RETURNED" ? "success" : "warning"}>{t(`outcomes.${row.outcome}`)}</Tag>}
                    {problem && <Tag color="error">{t("keys.open")}</Tag>}
                  </span>
                );
              }}
            />
          )}
          {takeback && (
            <Table.Column<Row>
              key="detail"
              title={`${t("keys.chargeCents")} / ${t("keys.waiverReason")}`}
              render={(_, row) =>
                row.outcome === "LOST" && row.chargeCents != null
                  ? formatMoney(fromCents(row.chargeCents), currency())
                  : row.outcome === "WAIVED"
                    ? row.waiverReason
                    : ""
              }
            />
          )}
          {(editable || (takeback && settleable)) && (
            <Table.Column<Row>
              key="actions"
              width={takeback ? 150 : 96}
              render={(_, row) => (
                <Space size={0} wrap>
                  {takeback && (
                    <Button
                      size="small"
                      icon={<CheckCircleOutlined />}
                      onClick={() => setEditing(row)}
                      data-testid="hotb-key-settle"
                      aria-label={`${t("keys.settle")} ${row.item}`}
                    >
                      {t("keys.settle")}
                    </Button>
                  )}
                  {editable && !takeback && (
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={`${t("actions.edit")} ${row.item}`}
                      onClick={() => setEditing(row)}
                      data-testid="hotb-key-edit"
                    />
                  )}
                  {editable && (
                    <Popconfirm title={t("keys.removeConfirm")} okText={t("actions.remove")} cancelText={t("actions.back")} onConfirm={() => remove(row)}>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t("actions.remove")} ${row.item}`} />
                    </Popconfirm>
                  )}
                </Space>
              )}
            />
          )}
        </Table>
      )}
      <VersionedDialog
        title={t(!line ? "keys.addTitle" : takeback ? "keys.settleTitle" : "keys.editTitle")}
        open={open}
        busy={dialog.busy}
        onFinish={save}
        onClose={() => setEditing(null)}
        dialog={dialog}
        testId="hotb-key"
        labels={{
          item: t("keys.item"),
          keys: t("keys.keys"),
          keysHandedOver: t("keys.keysHandedOver"),
          accessCards: t("keys.accessCards"),
          outcome: t("keys.outcome"),
          charge: t("keys.chargeCents"),
          waiverReason: t("keys.waiverReason"),
        }}
      >
        <Form.Item name="item" label={t("keys.item")} rules={[{ required: true, whitespace: true, message: t("validation.item") }]}>
          <Input maxLength={hotbKeyLimits.item} disabled={!editable} data-testid="hotb-key-item" />
        </Form.Item>
        <Space wrap>
          {(["keys", "keysHandedOver", "accessCards"] as const).map((field) => (
            <Form.Item key={field} name={field} label={t(`keys.${field}`)} rules={[count]} initialValue={0}>
              <InputNumber min={0} max={hotbKeyLimits.count} precision={0} disabled={!editable} data-testid={`hotb-key-${field}`} />
            </Form.Item>
          ))}
        </Space>
        {takeback && (
          <>
            <Form.Item name="outcome" label={t("keys.outcome")}>
              <Radio.Group options={keyOutcomes.map((value) => ({ value, label: t(`outcomes.${value}`) }))} data-testid="hotb-key-outcome-input" />
            </Form.Item>
            {outcome === "LOST" && (
              <Form.Item name="charge" label={t("keys.chargeCents")} rules={[{ required: true, message: t("validation.charge") }]}>
                <AmountInput min={0} precision={2} style={{ width: 200 }} data-testid="hotb-key-charge" />
              </Form.Item>
            )}
            {outcome === "WAIVED" && (
              <Form.Item
                name="waiverReason"
                label={t("keys.waiverReason")}
                rules={[{ required: true, whitespace: true, message: t("validation.waiverReason") }]}
              >
                <Input.TextArea rows={2} maxLength={hotbKeyLimits.reason} data-testid="hotb-key-waiver" />
              </Form.Item>
            )}
          </>
        )}
      </VersionedDialog>
    </div>
  );
}
