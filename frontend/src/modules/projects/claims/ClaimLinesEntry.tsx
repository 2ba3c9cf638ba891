import { useMemo } from "react";
import { Form, Table, Typography } from "antd";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../../components/AmountInput";
import { itemKey, scheduledValueCents, type ScheduleLine } from "../../../../../backend/src/modules/projects/claims/schedule-of-values.shared";
import { amountText } from "./api";

const NS = "project-submissions";

/**
 * A claim's entry per line of the schedule of values (G703 columns A to E and F): the work
 * completed this period and the materials presently stored, each checked when it is left. A long
 * schedule pages by 50; each input keeps the line's own place in the form.
 */
export function ClaimLinesEntry({
  schedule,
  previousCents,
  lineRule,
}: {
  schedule: readonly ScheduleLine[];
  previousCents: ReadonlyMap<string, number>;
  lineRule: (index: number, column: "work" | "stored") => Rule;
}) {
  const { t } = useTranslation(NS);
  const position = useMemo(() => new Map(schedule.map((line, index) => [line, index])), [schedule]);
  const input = (line: ScheduleLine, column: "work" | "stored") => {
    const index = position.get(line) ?? 0;
    const label = column === "work" ? t("fields.workThisPeriodCents") : t("fields.materialsStoredCents");
    return (
      <Form.Item name={["lines", index, column]} rules={[lineRule(index, column)]} style={{ marginBottom: 0 }}>
        <AmountInput
          min={column === "stored" ? 0 : undefined}
          precision={2}
          style={{ width: "100%" }}
          aria-label={`${label} ${line.item}`}
          data-testid={column === "work" ? "line-work" : "line-stored"}
        />
      </Form.Item>
    );
  };
  return (
    <>
      <Typography.Title level={5}>{t("sections.lines")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("form.linesHelp")}</Typography.Paragraph>
      <Table<ScheduleLine>
        size="small"
        rowKey={(line) => itemKey(line.item)}
        dataSource={schedule as ScheduleLine[]}
        pagination={schedule.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 860 }}
        onRow={() => ({ "data-testid": "claim-line" }) as never}
        columns={[
          { key: "item", dataIndex: "item", title: t("g702.columns.item"), width: 70 },
          { key: "description", dataIndex: "description", title: t("g702.columns.description"), width: 180 },
          { key: "scheduled", title: t("g702.columns.scheduledValue"), align: "right", width: 120, render: (_, line) => amountText(scheduledValueCents(line)) },
          {
            key: "previous",
            title: t("g702.columns.previousApplication"),
            align: "right",
            width: 120,
            render: (_, line) => amountText(previousCents.get(itemKey(line.item)) ?? 0),
          },
          { key: "work", title: t("fields.workThisPeriodCents"), width: 170, render: (_, line) => input(line, "work") },
          { key: "stored", title: t("fields.materialsStoredCents"), width: 170, render: (_, line) => input(line, "stored") },
        ]}
      />
    </>
  );
}
