import { useState } from "react";
import { Button, Card, Checkbox, Empty, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography } from "antd";
import { WarningOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../../components/format";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { hotbScheduleItemsPath, hotbScheduleLimits } from "../../../../../backend/src/modules/handover/services/hotb-schedule-items/hotb-schedule-items.shared";
import { deductionsTotalCents, hotbDeductionsPath } from "../../../../../backend/src/modules/handover/services/hotb-deductions/hotb-deductions.shared";
import { api } from "../../../providers/api";
import { hotbWrite } from "./api";
import { ItemPhotos, type Photo } from "./HotbPhotos";

export type DeteriorationLine = {
  id: number;
  item: string;
  updatedAt: string;
  deteriorated?: boolean;
  deductionCents?: number | null;
  deductionReason?: string | null;
  deductionId?: number | null;
};

const money = (cents: number | null | undefined) => (cents == null ? "" : formatAmount(cents / 100));

/** A takeback item's deterioration as a cell: its mark and amount; its editors change it in a small form. */
export function DeteriorationCell({ line, editable }: { line: DeteriorationLine; editable: boolean }) {
  const { t } = useTranslation("hotb");
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // What the small form holds, taken from the line each time it opens.
  const [flag, setFlag] = useState(true);
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState("");
  const start = () => {
    setFlag(line.deteriorated || !line.deductionCents);
    setAmount(line.deductionCents ? line.deductionCents / 100 : null);
    setReason(line.deductionReason ?? "");
    setOpen(true);
  };
  const save = async () => {
    setBusy(true);
    try {
      await hotbWrite(hotbScheduleItemsPath, "PATCH", line.id, {
        deteriorated: flag,
        deductionCents: flag && amount ? Math.round(amount * 100) : null,
        deductionReason: flag ? reason.trim() || null : null,
        updatedAt: line.updatedAt,
      });
      notifySuccess(t("done.saved"));
      setOpen(false);
    } catch (error) {
      notifyError(`${hotbScheduleItemsPath}.patch`, error, line.item);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={4} wrap>
      {line.deteriorated ? (
        <Tag color="volcano" icon={<WarningOutlined />} data-testid="hotb-deteriorated-tag">
          {t("deterioration.deteriorated")} {money(line.deductionCents)}
        </Tag>
      ) : null}
      {line.deductionId ? <Tag color="green">{t("deterioration.deducted")}</Tag> : null}
      {editable && !line.deductionId && (
        <Button size="small" onClick={start} aria-label={`${t("deterioration.mark")} ${line.item}`} data-testid="hotb-deterioration-mark">
          {t("deterioration.mark")}
        </Button>
      )}
      <Modal
        title={`${t("deterioration.title")}: ${line.item}`}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => void save()}
        okText={t("actions.confirm")}
        cancelText={t("actions.back")}
        confirmLoading={busy}
      >
        <Form name={`hotb-deterioration-${line.id}`} layout="vertical" component="div">
          <Form.Item>
            <Checkbox checked={flag} onChange={(event) => setFlag(event.target.checked)} data-testid="hotb-deterioration-flag">
              {t("deterioration.deteriorated")}
            </Checkbox>
          </Form.Item>
          <Form.Item label={t("deterioration.amount")} htmlFor={`hotb-deterioration-amount-${line.id}`}>
            <InputNumber
              id={`hotb-deterioration-amount-${line.id}`}
              value={amount}
              onChange={(value) => setAmount(value == null ? null : Number(value))}
              min={0.01}
              max={hotbScheduleLimits.deductionCents / 100}
              precision={2}
              disabled={!flag}
              style={{ width: 200 }}
              data-testid="hotb-deterioration-amount"
            />
          </Form.Item>
          <Form.Item label={t("deterioration.reason")} htmlFor={`hotb-deterioration-reason-${line.id}`}>
            <Input.TextArea
              id={`hotb-deterioration-reason-${line.id}`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={2}
              maxLength={hotbScheduleLimits.deductionReason}
              disabled={!flag}
              data-testid="hotb-deterioration-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

/**
 * The takeback's "Deteriorated" panel (issue 31 §5): its deteriorated items with their photos then
 * (the handover's) and now, amount and reason; staff editors turn the chosen ones into deductions
 * on the tenant's fit-out deposit in one step. Without a deposit they stay as the deductions list.
 */
export function DeterioratedPanel({
  hotbId,
  lines,
  photosNow,
  photosThen,
  editable,
}: {
  hotbId: number;
  lines: DeteriorationLine[];
  photosNow: (line: DeteriorationLine) => Photo[];
  photosThen: (line: DeteriorationLine) => Photo[];
  editable: boolean;
}) {
  const { t } = useTranslation("hotb");
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const deteriorated = lines.filter((line) => line.deteriorated);
  const turnable = (line: DeteriorationLine) => !line.deductionId && Boolean(line.deductionCents) && Boolean(line.deductionReason?.trim());
  const turn = async () => {
    setBusy(true);
    try {
      await api(hotbDeductionsPath, { method: "POST", body: { hotbId, scheduleItemIds: chosen }, action: `${hotbDeductionsPath}.create` });
      notifySuccess(t("deterioration.turned", { count: chosen.length }));
      setChosen([]);
    } catch (error) {
      notifyError(`${hotbDeductionsPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t("deterioration.panel")} style={{ marginBottom: 16 }} data-testid="hotb-deteriorated">
      {!deteriorated.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("deterioration.none")} />
      ) : (
        <>
          <Table<DeteriorationLine>
            dataSource={deteriorated}
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 720 }}
            rowSelection={
              editable
                ? {
                    selectedRowKeys: chosen,
                    onChange: (keys) => setChosen(keys.map(Number)),
                    getCheckboxProps: (line) => ({ disabled: !turnable(line), "aria-label": line.item }),
                  }
                : undefined
            }
          >
            <Table.Column<DeteriorationLine> dataIndex="item" title={t("schedule.item")} width={200} />
            <Table.Column<DeteriorationLine>
              key="then"
              title={t("photos.then")}
              render={(_, line) => <ItemPhotos itemId={line.id} item={line.item} photos={photosThen(line)} editable={false} testId="hotb-deteriorated-then" />}
            />
            <Table.Column<DeteriorationLine>
              key="now"
              title={t("photos.now")}
              render={(_, line) => <ItemPhotos itemId={line.id} item={line.item} photos={photosNow(line)} editable={false} testId="hotb-deteriorated-now" />}
            />
            <Table.Column<DeteriorationLine> dataIndex="deductionCents" title={t("deterioration.amount")} render={(cents) => money(cents)} />
            <Table.Column<DeteriorationLine> dataIndex="deductionReason" title={t("deterioration.reason")} />
            <Table.Column<DeteriorationLine>
              key="state"
              render={(_, line) =>
                line.deductionId ? (
                  <Tag color="green" data-testid="hotb-deducted-tag">
                    {t("deterioration.deducted")}
                  </Tag>
                ) : (
                  <Tag>{t("deterioration.listed")}</Tag>
                )
              }
            />
          </Table>
          <Space style={{ marginTop: 12 }} wrap>
            <Typography.Text type="secondary">
              {t("deterioration.total")}: {money(deductionsTotalCents(deteriorated))}
            </Typography.Text>
            {editable && (
              <Button type="primary" danger disabled={!chosen.length} loading={busy} onClick={() => void turn()} data-testid="hotb-deductions-turn">
                {t("deterioration.turn")}
              </Button>
            )}
          </Space>
        </>
      )}
    </Card>
  );
}
