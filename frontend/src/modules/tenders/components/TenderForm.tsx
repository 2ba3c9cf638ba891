import { Badge, Checkbox, Col, DatePicker, Form, Input, InputNumber, Row, Select, Tabs, type FormInstance } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LineItemsEditor } from "./LineItemsEditor";
import type { AddendumEditing, GroupValues } from "./line-items";
import { AttachmentsTab } from "./AttachmentsTab";
import { OptionalItemsEditor } from "./OptionalItemsEditor";
import { useTenderDocuments, type TenderDocumentRow } from "./TenderDocuments";
import { TermsView, useTenderTerms } from "./TenderTerms";
import { closingTimeOptions, type TenderSection } from "./rules";
import { dateInputFormat } from "./format";
import { TenderSummaryTab } from "./TenderSummaryTab";
import type { TenderFormValues } from "./tender-form-values";
import type { ReactNode } from "react";

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
      children: <TenderSummaryTab record={record} groups={groups} currency={currency} />,
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
