import {
  Badge,
  Checkbox,
  Col,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Table,
  Tabs,
  Typography,
  type FormInstance,
} from "antd";
import { useEffect, useRef } from "react";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { DocumentButton } from "./DocumentButton";
import { LineItemsEditor } from "./LineItemsEditor";
import { safeGroupTotal, safeTenderTotal, type AddendumEditing, type GroupValues } from "./line-items";
import { AttachmentsTab } from "./AttachmentsTab";
import { OptionalItemsEditor } from "./OptionalItemsEditor";
import { useTenderDocuments, type TenderDocumentRow } from "./TenderDocuments";
import { TermsView, useTenderTerms } from "./TenderTerms";
import { closingInstant, closingTimeOptions, defaultValidityDays, localDate, type ClosingTimeOption, type TenderSection } from "./rules";
import { formatDate, formatDateTime, formatMoney, dateInputFormat } from "./format";
import { wallClock } from "../../../components/format";
import { TenderStatus } from "./TenderStatus";
import type { ReactNode } from "react";

export interface TenderFormValues {
  closingDate?: Dayjs | null;
  closingTime?: ClosingTimeOption;
  validityDays?: number;
  general?: Record<string, any>;
  scope?: Record<string, any>;
  lineItemGroups?: GroupValues[];
}

/** The wall-clock hour of the closing instant in the region: 17 → '17:00', else Noon (spec §9). */
function timeOption(closingAt: string, timeZone: string): ClosingTimeOption {
  const hour = wallClock(new Date(closingAt), timeZone).getUTCHours();
  return hour === 17 ? "17:00" : "12:00 Noon";
}

export function toFormValues(record: Record<string, any>, timeZone: string): TenderFormValues {
  const general = { ...(record.general ?? {}) };
  if (general.projectStart) general.projectStart = dayjs(general.projectStart);
  return {
    closingDate: record.closingAt ? dayjs(localDate(record.closingAt, timeZone)) : null,
    closingTime: record.closingAt ? timeOption(record.closingAt, timeZone) : "17:00",
    validityDays: record.validityDays ?? defaultValidityDays,
    general,
    scope: record.scope ?? {},
    lineItemGroups: record.lineItemGroups ?? [],
  };
}

const clean = (value: Record<string, any> | undefined) =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ""));

/** The PATCH body: the closing instant from date + time option in the region's zone, JSON parts cleaned. */
export function toPatch(values: TenderFormValues, timeZone: string) {
  const general = clean(values.general);
  if (dayjs.isDayjs(general.projectStart)) general.projectStart = general.projectStart.format("YYYY-MM-DD");
  return {
    ...(values.closingDate
      ? { closingAt: closingInstant(values.closingDate.format("YYYY-MM-DD"), values.closingTime ?? "17:00", timeZone).toISOString() }
      : {}),
    validityDays: values.validityDays ?? defaultValidityDays,
    general,
    scope: clean(values.scope),
    lineItemGroups: (values.lineItemGroups ?? []).map((group) => ({
      id: group.id,
      ...(group.name ? { name: group.name } : {}),
      lineItems: (group.lineItems ?? []).map((item) => ({
        ...clean({ id: item.id, itemNo: item.itemNo, itemDesc: item.itemDesc, itemUnit: item.itemUnit, remark: item.remark }),
        itemQty: item.itemQty ?? null,
        rate: item.rate ?? null,
        discountType: item.discount != null && item.discountType ? item.discountType : null,
        discount: item.discountType ? (item.discount ?? null) : null,
        optional: Boolean(item.optional),
        addendumLabel: item.addendumLabel ?? null,
        forReference: Boolean(item.forReference),
      })),
    })),
  };
}

export interface TenderFormProps {
  form: FormInstance;
  record: Record<string, any>;
  currency: string;
  readOnly?: boolean;
  missing?: TenderSection[];
  onFinish?: (values: TenderFormValues) => void;
  /** Called when the user changes a value (not when the form is filled from the record). */
  onValuesChange?: () => void;
  /** Extra tabs (health check on the view). */
  extraTabs?: { key: string; label: ReactNode; children: ReactNode }[];
  activeKey?: string;
  onTabChange?: (key: string) => void;
  /** The addendum screens: labelled lines, removed lines struck through. */
  addendum?: AddendumEditing;
  /** Told the tender's documents whenever they are (re)loaded: the edit screen counts the conditions' files. */
  onDocuments?: (documents: TenderDocumentRow[]) => void;
  /** Saves the new conditions of contract, deleting the former ones' files (edit screen only). */
  onConditionsReplaced?: () => Promise<unknown>;
}

/** The tender's tabs (spec: General, Scope of Work, Items/Services, Tender Summary, Attachments, Terms). */
export function TenderForm({
  form,
  record,
  currency,
  readOnly,
  missing = [],
  onFinish,
  onValuesChange,
  extraTabs = [],
  activeKey,
  onTabChange,
  addendum,
  onDocuments,
  onConditionsReplaced,
}: TenderFormProps) {
  const { t } = useTranslation("tenders");
  const documents = useTenderDocuments(record.id);
  const terms = useTenderTerms(record.id, record.termsVersion);
  useEffect(() => {
    onDocuments?.(documents.documents);
  }, [documents.documents, onDocuments]);
  // A save that stored other conditions of contract deleted the former ones' files: list them anew.
  const storedConditions = record.general?.conditionsOfContracts;
  const shownConditions = useRef(storedConditions);
  const reloadDocuments = documents.reload;
  useEffect(() => {
    if (shownConditions.current === storedConditions) return;
    shownConditions.current = storedConditions;
    void reloadDocuments();
  }, [storedConditions, reloadDocuments]);
  const groups = Form.useWatch("lineItemGroups", form) as GroupValues[] | undefined;
  const onsite = Form.useWatch(["general", "onsiteVisitRequired"], form);
  const label = (key: string, section?: TenderSection) =>
    section && missing.includes(section) ? (
      <Badge dot offset={[6, 0]}>
        <span>{t(`tabs.${key}`)}</span>
      </Badge>
    ) : (
      t(`tabs.${key}`)
    );
  const textArea = (rows = 3) => <Input.TextArea autoSize={{ minRows: rows, maxRows: 12 }} />;
  const required = readOnly ? [] : [{ required: true, whitespace: true, message: t("validation.required") }];
  const itemCount = (groups ?? []).reduce((n, g) => n + (g?.lineItems?.length ?? 0), 0);

  const tabs = [
    {
      key: "general",
      label: label("general", "general"),
      forceRender: true,
      children: (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="closingDate" label={t("fields.closingDate")} rules={readOnly ? [] : [{ required: true, message: t("validation.required") }]}>
              <DatePicker style={{ width: "100%" }} format={dateInputFormat()} data-testid="closing-date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="closingTime" label={t("fields.closingTime")}>
              <Select
                options={closingTimeOptions.map((option) => ({ value: option.value, label: t(`closingTime.${option.value}`, { nsSeparator: false }) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="validityDays" label={t("fields.validityDays")}>
              <InputNumber min={1} max={3650} style={{ width: "100%" }} addonAfter={t("fields.days")} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["general", "projectDescription"]} label={t("fields.projectDescription")} rules={required}>
              {textArea()}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["general", "projectLocation"]} label={t("fields.projectLocation")} rules={required}>
              {textArea()}
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={["general", "projectStart"]} label={t("fields.projectStart")}>
              <DatePicker style={{ width: "100%" }} format={dateInputFormat()} placeholder={readOnly ? "" : undefined} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={["general", "estimatedProjectDuration"]} label={t("fields.estimatedProjectDuration")}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={["general", "workingHours"]} label={t("fields.workingHours")}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["general", "noisyWorkingHours"]} label={t("fields.noisyWorkingHours")}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["general", "specialWorkingHours"]} label={t("fields.specialWorkingHours")}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name={["general", "paymentTerms"]} label={t("fields.paymentTerms")} rules={required}>
              {textArea(2)}
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={["general", "onsiteVisitRequired"]} valuePropName="checked" label={t("fields.onsiteVisit")}>
              <Checkbox>{t("fields.onsiteVisitRequired")}</Checkbox>
            </Form.Item>
          </Col>
          {onsite && (
            <>
              <Col xs={24} md={8}>
                <Form.Item name={["general", "onsiteContact"]} label={t("fields.onsiteContact")}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name={["general", "onsiteLocation"]} label={t("fields.onsiteLocation")}>
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24}>
            <OptionalItemsEditor readOnly={readOnly} />
          </Col>
        </Row>
      ),
    },
    {
      key: "scope",
      label: label("scope", "scope"),
      forceRender: true,
      children: (
        <>
          <Form.Item name={["scope", "generalDesc"]} label={t("fields.generalDesc")} rules={required}>
            {textArea(4)}
          </Form.Item>
          <Form.Item name={["scope", "generalSpec"]} label={t("fields.generalSpec")}>
            {textArea(3)}
          </Form.Item>
          <Form.Item name={["scope", "particularDesc"]} label={t("fields.particularDesc")}>
            {textArea(3)}
          </Form.Item>
          <Form.Item name={["scope", "technicalDesc"]} label={t("fields.technicalDesc")}>
            {textArea(3)}
          </Form.Item>
        </>
      ),
    },
    {
      key: "items",
      label: label("items", "items"),
      forceRender: true,
      children: <LineItemsEditor currency={currency} readOnly={readOnly} addendum={addendum} />,
    },
    {
      key: "summary",
      label: t("tabs.summary"),
      children: (
        <>
          {/* The tender as stored, printed by the server; a download, not an edit (stays enabled on a read-only tender). */}
          <ConfigProvider componentDisabled={false}>
            <div style={{ textAlign: "right", marginBottom: 12 }}>
              <DocumentButton type="tender-summary" id={record.id} prNumber={record.prNumber} />
            </div>
          </ConfigProvider>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t("fields.prNumber")}>{record.prNumber}</Descriptions.Item>
            <Descriptions.Item label={t("fields.prDescription")}>{record.prDescription}</Descriptions.Item>
            <Descriptions.Item label={t("fields.tenderType")}>{t(`types.${record.tenderType}`, { defaultValue: record.tenderType })}</Descriptions.Item>
            <Descriptions.Item label={t("fields.status")}>
              <TenderStatus status={record.status} version={record.version} addendumStatus={record.addendumStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={t("fields.budget")}>{formatMoney(record.amount, record.currency || currency)}</Descriptions.Item>
            <Descriptions.Item label={t("items.total")}>
              <span data-testid="summary-total">{formatMoney(safeTenderTotal(groups), currency)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t("fields.groups")}>{groups?.length ?? 0}</Descriptions.Item>
            <Descriptions.Item label={t("fields.lineItems")}>{itemCount}</Descriptions.Item>
            <Descriptions.Item label={t("fields.closingAt")}>{formatDateTime(record.closingAt)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.validityDays")}>{record.validityDays}</Descriptions.Item>
            <Descriptions.Item label={t("fields.issuedAt")}>{formatDate(record.issuedAt)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.version")}>{record.version}</Descriptions.Item>
            {record.rejectReason && (
              <Descriptions.Item label={t("fields.rejectReason")} span={2}>
                {record.rejectReason}
              </Descriptions.Item>
            )}
            {record.extendReason && (
              <Descriptions.Item label={t("fields.extendReason")} span={2}>
                {record.extendReason}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Table
            style={{ marginTop: 16 }}
            size="small"
            pagination={false}
            rowKey={(group) => group.id}
            dataSource={(groups ?? []).filter(Boolean)}
            data-testid="summary-groups"
            locale={{ emptyText: t("items.empty") }}
            columns={[
              { title: t("summary.group"), render: (_, group, index) => group.name || t("summary.unnamed", { n: index + 1 }) },
              { title: t("fields.lineItems"), width: 110, align: "right", render: (_, group) => group.lineItems?.length ?? 0 },
              {
                title: t("summary.subtotal"),
                width: 200,
                align: "right",
                render: (_, group) => <span data-testid="group-subtotal">{formatMoney(safeGroupTotal(group), currency)}</span>,
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <Typography.Text strong>{t("items.total")}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong>{formatMoney(safeTenderTotal(groups), currency)}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t("summary.excluded")}
          </Typography.Paragraph>
        </>
      ),
    },
    {
      key: "attachments",
      label: label("attachments", "attachments"),
      forceRender: true,
      // An addendum changes documents through its own tab; the issued tender's stay as they are.
      children: (
        <AttachmentsTab
          tenderId={record.id}
          documents={documents.documents}
          reload={() => void documents.reload()}
          editable={!readOnly && !addendum}
          onConditionsReplaced={
            onConditionsReplaced &&
            (async () => {
              await onConditionsReplaced();
              await documents.reload();
            })
          }
        />
      ),
    },
    { key: "terms", label: t("tabs.terms"), children: <TermsView terms={terms} /> },
    // Tabs of their own (health check, revisions) keep their buttons enabled themselves.
    ...extraTabs,
  ];

  return (
    // Checked as the user leaves a field, not only on submission.
    <Form form={form} layout="vertical" disabled={readOnly} onFinish={onFinish} onValuesChange={onValuesChange} validateTrigger={["onChange", "onBlur"]}>
      <Tabs items={tabs} activeKey={activeKey} onChange={onTabChange} />
    </Form>
  );
}
