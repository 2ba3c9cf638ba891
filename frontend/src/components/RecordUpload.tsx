import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Col, DatePicker, Form, Input, Row, Upload, type UploadFile } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import { api } from "../providers/api";
import { notifyError, notifySuccess } from "../providers/notifications";
import { dateInputFormat } from "./format";
import { isValidPeriod } from "../../../backend/src/services/files/effective-period.shared";
import { useUploadRules } from "./useUploadRules";

/** The dates of an effective period as a form holds them. */
export interface PeriodValues {
  effectiveDate?: Dayjs | null;
  effectiveUntil?: Dayjs | null;
}

/** A picked day as the server takes it (YYYY-MM-DD), or null when open. */
export const dayOf = (value: Dayjs | null | undefined) => (value ? value.format("YYYY-MM-DD") : null);

/** The module's words for the period fields, in the user's language. */
export interface PeriodTexts {
  effectiveDate: string;
  effectiveUntil: string;
  pickDate: string;
  openEnd: string;
  periodInvalid: string;
}

/** The two dates of a period; the end is checked against the start (the platform's rule) when either is left or picked. */
export function PeriodFields({ texts, span = 12 }: { texts: PeriodTexts; span?: number }) {
  return (
    <>
      <Col xs={12} md={span}>
        <Form.Item name="effectiveDate" label={texts.effectiveDate}>
          <DatePicker style={{ width: "100%" }} format={dateInputFormat()} placeholder={texts.pickDate} data-testid="document-effective-date" />
        </Form.Item>
      </Col>
      <Col xs={12} md={span}>
        <Form.Item
          name="effectiveUntil"
          label={texts.effectiveUntil}
          dependencies={["effectiveDate"]}
          validateTrigger={["onChange", "onBlur"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: Dayjs | null | undefined) => {
                if (!isValidPeriod({ effectiveDate: dayOf(getFieldValue("effectiveDate")), effectiveUntil: dayOf(value) }))
                  throw new Error(texts.periodInvalid);
              },
            }),
          ]}
        >
          <DatePicker style={{ width: "100%" }} format={dateInputFormat()} placeholder={texts.openEnd} data-testid="document-effective-until" />
        </Form.Item>
      </Col>
    </>
  );
}

/**
 * A document's description: at most `max` characters as the user counts them (an emoji is one),
 * as the server counts them; a text area growing between `rows` with a count, or one line.
 */
export function DescriptionField({
  label,
  invalid,
  max,
  rows,
  testId,
}: {
  label?: string;
  invalid?: string;
  max: number;
  rows?: { minRows: number; maxRows: number };
  testId: string;
}) {
  return (
    <Form.Item
      name="description"
      label={label}
      rules={[
        {
          validator: async (_, value: string | undefined) => {
            if ([...String(value ?? "")].length > max) throw new Error(invalid);
          },
        },
      ]}
    >
      {rows ? (
        <Input.TextArea autoSize={rows} showCount={{ formatter: ({ count }) => `${count} / ${max}` }} data-testid={testId} />
      ) : (
        <Input maxLength={max} data-testid={testId} />
      )}
    </Form.Item>
  );
}

/** The module's words for the upload block, in the user's language. */
export interface RecordUploadTexts extends PeriodTexts {
  description: string;
  descriptionInvalid: string;
  file: string;
  fileRequired: string;
  choose: string;
  upload: string;
  uploaded: (count: number) => string;
}

export interface RecordUploadProps {
  /** The documents service (POST multipart) and its action, for the error catalogue. */
  path: string;
  action: string;
  /** The record the files go to, as the service reads it (e.g. tenderId and kind, projectId and folderId). */
  record: Record<string, string>;
  texts: RecordUploadTexts;
  /** The description's limit in characters, and whether it is a growing text area with a count. */
  descriptionMax: number;
  multilineDescription?: boolean;
  /** The most files of one upload when fewer than the region's `upload.maxCount`: more are refused before any byte is sent, never cut silently. */
  maxFiles?: number;
  /** The upload place whose file rule applies (settings `upload.places`). */
  place?: string;
  onUploaded: () => void;
  testId: string;
}

interface UploadValues extends PeriodValues {
  description?: string;
  files?: UploadFile[];
}

/**
 * Uploads files as documents of a record, with a description (checked on blur) and an effective
 * period. Its own form (never nested in the record's): uploading never saves or dirties the record.
 */
export function RecordUpload({ path, action, record, texts, descriptionMax, multilineDescription, maxFiles, place, onUploaded, testId }: RecordUploadProps) {
  const [form] = Form.useForm<UploadValues>();
  const [busy, setBusy] = useState(false);
  const rules = useUploadRules({ place, maxCount: maxFiles });
  const { i18n } = useTranslation();
  // A refusal shown stays in the language the user reads.
  useEffect(() => {
    if (form.getFieldError("files").length) form.validateFields(["files"]).catch(() => undefined);
  }, [i18n.language, form]);
  const upload = async () => {
    const values = await form.validateFields();
    const body = new FormData();
    for (const [name, value] of Object.entries(record)) body.append(name, value);
    if (values.description?.trim()) body.append("description", values.description.trim());
    if (values.effectiveDate) body.append("effectiveDate", dayOf(values.effectiveDate)!);
    if (values.effectiveUntil) body.append("effectiveUntil", dayOf(values.effectiveUntil)!);
    const chosen = (values.files ?? []).filter((file) => file.originFileObj);
    for (const file of chosen) body.append("files", file.originFileObj!, file.name);
    setBusy(true);
    try {
      await api(path, { method: "POST", body, action });
      notifySuccess(texts.uploaded(chosen.length));
      form.resetFields();
      onUploaded();
    } catch (error) {
      notifyError(action, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" component="div" validateTrigger="onBlur" data-testid={testId}>
      <Row gutter={12} align="bottom">
        <Col xs={24} md={8}>
          <DescriptionField
            label={texts.description}
            invalid={texts.descriptionInvalid}
            max={descriptionMax}
            rows={multilineDescription ? { minRows: 1, maxRows: 4 } : undefined}
            testId="document-description"
          />
        </Col>
        <PeriodFields texts={texts} span={4} />
        <Col xs={12} md={4}>
          <Form.Item
            name="files"
            label={texts.file}
            valuePropName="fileList"
            validateTrigger="onChange"
            getValueFromEvent={(event) => event?.fileList}
            rules={[
              { required: true, message: texts.fileRequired },
              {
                // The region's size, count and type limits, named, before any byte is sent (the server checks again).
                validator: async (_, files: UploadFile[] | undefined) => {
                  const refusal = rules.refusal((files ?? []).map((file) => ({ name: file.name, size: file.size ?? file.originFileObj?.size ?? 0 })));
                  if (refusal) throw new Error(refusal);
                },
              },
            ]}
          >
            <Upload beforeUpload={() => false} multiple accept={rules.accept}>
              <Button icon={<UploadOutlined />} data-testid="document-choose">
                {texts.choose}
              </Button>
            </Upload>
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item label=" ">
            <Button type="primary" loading={busy} onClick={() => void upload().catch(() => undefined)} data-testid="document-upload">
              {texts.upload}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
