import { useMemo, useState } from "react";
import { Alert, Button, Card, Col, DatePicker, Form, Input, Row, Select, Space, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { dateInputFormat } from "../../../components/format";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { itemKey, scheduledValueCents } from "../../../../../backend/src/modules/projects/claims/schedule-of-values.shared";
import { changeOrderReasonMaxLength } from "../../../../../backend/src/modules/projects/services/project-change-orders/project-change-order.workflow";
import {
  changeOrderProblems,
  claimedToDate,
  netChangeCents,
  type ChangeOrderLine,
  type ChangeOrderProblem,
} from "../../../../../backend/src/modules/projects/services/project-change-orders/project-change-orders.shared";
import { amountText, centsInput, CHANGE_ORDERS, inputCents, saveChangeOrder, type ChangeOrder, type ScheduleRow, type Submission } from "./api";
import { previousApplications } from "./figures";

const NS = "project-change-orders";

interface TypedLine {
  type?: "ADD" | "REVISE";
  item?: string;
  description?: string;
  amount?: string | number;
}
interface Typed {
  date?: Dayjs | null;
  reason?: string;
  lines?: TypedLine[];
}

const lineOf = (line: TypedLine | undefined): ChangeOrderLine => {
  const cents = inputCents(line?.amount);
  return { type: line?.type ?? "REVISE", item: String(line?.item ?? "").trim(), description: line?.description ?? "", amountCents: cents ?? Number.NaN };
};

/**
 * A change order's draft: its date, reason and lines (an item added with its value, or an item of
 * the schedule revised by a signed amount). Each field says what is wrong when it is left, by the
 * rules the server applies (project-change-orders.shared.ts), a line never below what was claimed on it.
 */
export function ChangeOrderForm({
  project,
  changeOrder,
  schedule,
  claims,
  onSaved,
  onCancel,
}: {
  project: Record<string, any>;
  changeOrder: ChangeOrder | null;
  schedule: ScheduleRow[];
  claims: Submission[];
  onSaved: (saved: ChangeOrder) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const { t: te } = useTranslation("errors");
  const [form] = Form.useForm<Typed>();
  const [saving, setSaving] = useState(false);
  const typedLines = Form.useWatch("lines", form) as TypedLine[] | undefined;
  // What was claimed on each line to date (the ledger's claims: submitted or accepted), as the server checks it.
  const claimed = useMemo(() => claimedToDate(schedule, previousApplications(claims, { id: null, order: null })), [schedule, claims]);
  const byKey = useMemo(() => new Map(schedule.map((line) => [itemKey(line.item), line])), [schedule]);
  const message = (problem: ChangeOrderProblem) =>
    te(`code.${problem.code}`, {
      line: problem.line,
      item: problem.item,
      value: amountText(problem.data?.valueCents),
      claimed: amountText(problem.data?.claimedCents),
    });
  const ruleOf = (index: number, field: ChangeOrderProblem["field"]) => ({
    validator: async () => {
      const lines = ((form.getFieldValue("lines") ?? []) as TypedLine[]).map(lineOf);
      const problem = changeOrderProblems(schedule, lines, claimed).find((one) => one.line === index + 1 && one.field === field);
      if (problem) throw new Error(message(problem));
    },
  });
  const save = async (typed: Typed) => {
    setSaving(true);
    try {
      const saved = await saveChangeOrder(changeOrder, {
        projectId: project.id,
        date: typed.date!.format("YYYY-MM-DD"),
        reason: String(typed.reason ?? "").trim(),
        lines: (typed.lines ?? [])
          .map(lineOf)
          .map((line) => (line.type === "ADD" ? line : { type: line.type, item: line.item, amountCents: line.amountCents })),
      });
      notifySuccess(t(changeOrder ? "done.saved" : "done.created", { number: saved.numberText }));
      onSaved(saved);
    } catch (error) {
      notifyError(`${CHANGE_ORDERS}.${changeOrder ? "patch" : "create"}`, error, changeOrder?.numberText);
    } finally {
      setSaving(false);
    }
  };
  const lines = (typedLines ?? []).map(lineOf);
  const net = lines.every((line) => Number.isSafeInteger(line.amountCents)) ? netChangeCents(lines) : null;

  return (
    <Form<Typed>
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={{
        date: changeOrder ? dayjs(changeOrder.date) : dayjs(),
        reason: changeOrder?.reason ?? "",
        lines: changeOrder?.lines.map((line) => ({ ...line, amount: centsInput(line.amountCents) })) ?? [{ type: "REVISE" }],
      }}
      onFinish={save}
      data-testid="change-order-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="date" label={t("fields.date")} rules={[{ required: true, message: t("rules.date") }]}>
            <DatePicker format={dateInputFormat()} style={{ width: "100%" }} data-testid="change-order-date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="reason"
            label={t("fields.reason")}
            rules={[{ required: true, whitespace: true, max: changeOrderReasonMaxLength, message: t("rules.reason") }]}
          >
            <Input.TextArea rows={2} maxLength={changeOrderReasonMaxLength} data-testid="change-order-reason" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text strong>{t("sections.lines")}</Typography.Text>
      <Typography.Paragraph type="secondary">{t("form.linesHelp")}</Typography.Paragraph>
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <Space direction="vertical" style={{ width: "100%" }}>
            {fields.map((field, index) => {
              const line = lines[index];
              const known = line && line.type === "REVISE" ? byKey.get(itemKey(line.item)) : undefined;
              return (
                <Card
                  key={field.key}
                  size="small"
                  title={t("form.line", { line: index + 1 })}
                  extra={
                    <Button
                      type="text"
                      aria-label={t("form.removeLine")}
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      disabled={fields.length === 1}
                    />
                  }
                  data-testid="change-order-line"
                >
                  <Row gutter={8} align="top">
                    <Col xs={24} sm={6}>
                      <Form.Item name={[field.name, "type"]} label={t("fields.type")} rules={[{ required: true }]}>
                        <Select
                          options={(["REVISE", "ADD"] as const).map((value) => ({ value, label: t(`type.${value}`) }))}
                          onChange={() => form.setFieldValue(["lines", field.name, "item"], undefined)}
                          data-testid="change-order-line-type"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={6}>
                      <Form.Item
                        name={[field.name, "item"]}
                        label={t("fields.item")}
                        dependencies={[["lines"]]}
                        rules={[ruleOf(index, "item")]}
                        validateTrigger={["onBlur", "onChange"]}
                      >
                        {line?.type === "ADD" ? (
                          <Input maxLength={64} data-testid="change-order-line-item" />
                        ) : (
                          <Select
                            showSearch
                            optionFilterProp="label"
                            options={schedule.map((one) => ({ value: one.item, label: `${one.item} ${one.description}` }))}
                            data-testid="change-order-line-item"
                          />
                        )}
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={6}>
                      <Form.Item
                        name={[field.name, "amount"]}
                        label={line?.type === "ADD" ? t("fields.value") : t("fields.change")}
                        rules={[ruleOf(index, "amountCents")]}
                        extra={
                          known
                            ? t("form.revised", {
                                value: amountText(scheduledValueCents(known)),
                                claimed: amountText(claimed.get(itemKey(known.item)) ?? 0),
                              })
                            : undefined
                        }
                      >
                        <Input inputMode="decimal" data-testid="change-order-line-amount" />
                      </Form.Item>
                    </Col>
                    {line?.type === "ADD" && (
                      <Col xs={24} sm={6}>
                        <Form.Item name={[field.name, "description"]} label={t("fields.description")} rules={[ruleOf(index, "description")]}>
                          <Input maxLength={2000} data-testid="change-order-line-description" />
                        </Form.Item>
                      </Col>
                    )}
                  </Row>
                </Card>
              );
            })}
            <Button icon={<PlusOutlined />} onClick={() => add({ type: "REVISE" })} data-testid="change-order-add-line">
              {t("form.addLine")}
            </Button>
          </Space>
        )}
      </Form.List>
      <Alert
        style={{ margin: "16px 0" }}
        type="info"
        showIcon
        message={t("form.net", { amount: net === null ? "—" : amountText(net) })}
        data-testid="change-order-net"
      />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="change-order-save">
          {t("form.save")}
        </Button>
        <Button onClick={onCancel}>{t("form.cancel")}</Button>
      </Space>
    </Form>
  );
}
