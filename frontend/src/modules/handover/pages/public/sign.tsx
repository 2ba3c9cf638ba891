import { useCallback, useEffect, useRef, useState } from "react";
import { Alert, Button, Descriptions, Form, Input, Result, Space, Spin, Table, Tag, Typography, type TableColumnsType } from "antd";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import type SignaturePad from "signature_pad";
import { AuthCard } from "../../../../components/auth/AuthCard";
import { api, isApiError } from "../../../../providers/api";
import { notifyError } from "../../../../providers/notifications";
import { hotbSigningPath } from "../../../../../../backend/src/modules/handover/services/hotb-signatures/hotb-signatures.shared";
import { deductionsTotalCents } from "../../../../../../backend/src/modules/handover/services/hotb-deductions/hotb-deductions.shared";
import { formatDateTime, formatMoney, fromCents } from "../../../../../../backend/src/format/format.shared";
import { SignaturePadField } from "./SignaturePadField";

/**
 * /sign/hotb/:token (issue 31 §7): the signing page a staff member opened for a party, without an
 * account. It shows what is signed (premises, type, appointment, the schedule items, a takeback's
 * deductions (what the tenant owes) and key lines), takes the signer's name and drawn signature, and sends them once. A used, expired or
 * voided link shows only that it is no longer valid.
 */
/** One part of what is signed (the schedule, the keys): its heading and its lines, read-only. */
function SummaryTable({
  title,
  rows,
  columns,
  testId,
  footer,
}: {
  title: string;
  rows: Array<Record<string, any>>;
  columns: TableColumnsType<Record<string, any>>;
  testId: string;
  footer?: string;
}) {
  return (
    <>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: true }}
        dataSource={rows}
        columns={columns}
        data-testid={testId}
        footer={footer ? () => footer : undefined}
      />
    </>
  );
}

export function SignHotbPage() {
  const { t, i18n } = useTranslation("hotb-signatures");
  const { t: tHotb } = useTranslation("hotb");
  const { token = "" } = useParams();
  const [summary, setSummary] = useState<Record<string, any> | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "gone" | "done">("loading");
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const pad = useRef<SignaturePad | null>(null);
  const onReady = useCallback((ready: SignaturePad) => {
    pad.current = ready;
    ready.addEventListener("endStroke", () => setMissing(false));
  }, []);

  useEffect(() => {
    api<Record<string, any>>(`/v1/${hotbSigningPath}/${encodeURIComponent(token)}`, { region: null, token: null, authFlow: true })
      .then((answer) => {
        setSummary(answer);
        setState("ready");
      })
      .catch(() => setState("gone"));
  }, [token]);

  const submit = async ({ signerName }: { signerName: string }) => {
    if (!pad.current || pad.current.isEmpty()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await api(`/v1/${hotbSigningPath}`, {
        method: "POST",
        region: null,
        token: null,
        authFlow: true,
        body: { token, signerName, image: pad.current.toDataURL("image/png") },
        action: `${hotbSigningPath}.create`,
      });
      setState("done");
    } catch (error) {
      if (isApiError(error) && [404, 410].includes(error.status)) setState("gone");
      else notifyError(`${hotbSigningPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };

  if (state === "loading") return <AuthCard title={t("sign.record")}>{<Spin />}</AuthCard>;
  if (state === "gone")
    return (
      <AuthCard title={t("sign.record")}>
        <div data-testid="signing-gone">
          <Result status="warning" subTitle={t("sign.gone")} />
        </div>
      </AuthCard>
    );
  if (state === "done")
    return (
      <AuthCard title={t("sign.record")}>
        <div data-testid="signing-done">
          <Result status="success" subTitle={t("sign.done")} />
        </div>
      </AuthCard>
    );

  const record = summary!.record;
  const party = t(`parties.${summary!.party}`);
  const takeback = record.type === "TAKEBACK";
  const deductions = takeback ? summary!.items.filter((line: any) => line.deteriorated) : [];
  const money = (cents: number | null) => (cents === null ? "" : formatMoney(fromCents(cents), summary!.currency));
  return (
    <AuthCard title={t("sign.title", { type: tHotb(`types.${record.type}`) })} width={760}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Alert type="info" showIcon message={t("sign.intro", { party })} />
        <Descriptions size="small" bordered column={1} data-testid="signing-record">
          <Descriptions.Item label={tHotb("fields.name")}>{record.name}</Descriptions.Item>
          <Descriptions.Item label={tHotb("fields.type")}>
            <Tag>{tHotb(`types.${record.type}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={tHotb("fields.companyName")}>{[record.companyName, record.tradeName].filter(Boolean).join(" / ")}</Descriptions.Item>
          <Descriptions.Item label={tHotb("fields.premises")}>
            {[record.building, (record.premises ?? []).join(", ")].filter(Boolean).join(" · ")}
          </Descriptions.Item>
          <Descriptions.Item label={tHotb("fields.scheduledAt")}>
            {formatDateTime(record.scheduledAt, { timeZone: summary!.timeZone, language: i18n.language })}
          </Descriptions.Item>
          {record.remarkToTenant && <Descriptions.Item label={tHotb("fields.remarkToTenant")}>{record.remarkToTenant}</Descriptions.Item>}
        </Descriptions>
        <SummaryTable
          title={t("sign.schedule")}
          rows={summary!.items}
          testId="signing-items"
          columns={[
            { title: tHotb("schedule.section"), dataIndex: "section", render: (value: string) => tHotb(`sections.${value}`) },
            { title: tHotb("schedule.item"), dataIndex: "item" },
            ...(takeback ? [{ title: tHotb("schedule.handoverCondition"), dataIndex: "handoverCondition" }] : []),
            { title: tHotb("schedule.condition"), dataIndex: "condition" },
            {
              title: tHotb("schedule.remarks"),
              dataIndex: "remarks",
              render: (value: string, line: any) => [value, line.photos ? t("sign.photos", { count: line.photos }) : ""].filter(Boolean).join(" · "),
            },
          ]}
        />
        {deductions.length > 0 && (
          <SummaryTable
            title={t("sign.deductions")}
            rows={deductions}
            testId="signing-deductions"
            columns={[
              { title: tHotb("schedule.item"), dataIndex: "item", render: (value: string, line: any) => `${tHotb(`sections.${line.section}`)}: ${value}` },
              { title: tHotb("deterioration.reason"), dataIndex: "deductionReason" },
              { title: tHotb("deterioration.amount"), dataIndex: "deductionCents", align: "right", render: money },
            ]}
            footer={`${tHotb("deterioration.total")}: ${money(deductionsTotalCents(deductions))}`}
          />
        )}
        <SummaryTable
          title={t("sign.keys")}
          rows={summary!.keys}
          testId="signing-keys"
          columns={[
            { title: tHotb("keys.item"), dataIndex: "item" },
            { title: tHotb("keys.keys"), dataIndex: "keys", align: "right" },
            { title: tHotb("keys.keysHandedOver"), dataIndex: "keysHandedOver", align: "right" },
            { title: tHotb("keys.accessCards"), dataIndex: "accessCards", align: "right" },
            ...(takeback
              ? [{ title: tHotb("keys.outcome"), dataIndex: "outcome", render: (value: string | null) => (value ? tHotb(`outcomes.${value}`) : "") }]
              : []),
          ]}
        />
        <Form layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item name="signerName" label={t("sign.name")} rules={[{ required: true, whitespace: true, message: t("sign.nameRequired") }]}>
            <Input maxLength={200} autoComplete="name" data-testid="signer-name" />
          </Form.Item>
          <Form.Item
            label={t("sign.signature")}
            extra={t("sign.signatureHint")}
            validateStatus={missing ? "error" : undefined}
            help={missing ? t("sign.signatureRequired") : undefined}
          >
            <SignaturePadField onReady={onReady} />
          </Form.Item>
          <Space>
            <Button onClick={() => pad.current?.clear()}>{t("sign.clear")}</Button>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="signing-submit">
              {t("sign.submit")}
            </Button>
          </Space>
        </Form>
      </Space>
    </AuthCard>
  );
}
