import { useState } from "react";
import type { BaseRecord } from "@refinedev/core";
import { Button, Descriptions, Form, Input, Select } from "antd";
import { EditOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../../components/format";
import { hotbEditableFields, hotbLimits, hotbPath, premiseBuildingTypes } from "../../../../../backend/src/modules/handover/services/hotb/hotb.shared";
import { hotbWrite } from "./api";
import { VersionedDialog } from "./VersionedDialog";
import { useRecordDialog } from "../../../components/settings/useRecordDialog";
import { useStaffNames } from "./StaffSelect";

type Fields = Record<(typeof hotbEditableFields)[number], unknown>;

const toForm = (record: Record<string, any>): Fields =>
  Object.fromEntries(
    hotbEditableFields.map((field) => [field, record[field] ?? (field === "premises" || field === "additionalEmails" ? [] : undefined)]),
  ) as Fields;

/** A text as the server keeps it: trimmed, null when empty. */
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * The record's information (spec hotb §3 "Fields"): its tenancy's names and building, the
 * premises, the appointment, the remarks, the people and the contacts; staff who may edit it
 * change its fields in a dialog while it is editable. Tenants read it without the AM remark and
 * the staff's names.
 */
export function HotbInformation({
  record,
  building,
  editable,
  staff,
}: {
  record: Record<string, any>;
  building?: BaseRecord;
  editable: boolean;
  staff: boolean;
}) {
  const { t } = useTranslation("hotb");
  const [open, setOpen] = useState(false);
  const user = useStaffNames([record.createdBy, record.managedBy, record.approverId], staff);
  const dialog = useRecordDialog({ open, record, path: hotbPath, toForm, onClose: () => setOpen(false) });
  const list = (value: unknown) => (Array.isArray(value) ? value.join(", ") : "");
  const save = (values: Record<string, any>) =>
    dialog.send(
      "hotb.patch",
      () =>
        hotbWrite(hotbPath, "PATCH", record.id, {
          name: String(values.name ?? "").trim(),
          premiseBuildingType: values.premiseBuildingType,
          premises: values.premises ?? [],
          remarkToTenant: text(values.remarkToTenant),
          specialRemark: text(values.specialRemark),
          amRemark: text(values.amRemark),
          tenantContactName: text(values.tenantContactName),
          tenantContactPhone: text(values.tenantContactPhone),
          tenantContactEmail: text(values.tenantContactEmail),
          companyContactName: text(values.companyContactName),
          companyContactPhone: text(values.companyContactPhone),
          companyContactEmail: text(values.companyContactEmail),
          additionalEmails: values.additionalEmails ?? [],
          updatedAt: dialog.version,
        }),
      t("done.saved"),
    );
  const email = { type: "email" as const, message: t("validation.email") };
  const textArea = (name: string) => (
    <Form.Item name={name} label={t(`fields.${name}`)}>
      <Input.TextArea rows={2} maxLength={hotbLimits.remark} showCount data-testid={`hotb-edit-${name}`} />
    </Form.Item>
  );
  const input = (name: string, max: number, rules: object[] = []) => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={rules}>
      <Input maxLength={max} data-testid={`hotb-edit-${name}`} />
    </Form.Item>
  );
  return (
    <>
      {editable && (
        <Button icon={<EditOutlined />} onClick={() => setOpen(true)} style={{ marginBottom: 12 }} data-testid="hotb-edit">
          {t("actions.edit")}
        </Button>
      )}
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered data-testid="hotb-information">
        <Descriptions.Item label={t("fields.type")}>{t(`types.${record.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.premiseBuildingType")}>{t(`premiseBuildingTypes.${record.premiseBuildingType}`)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.companyName")}>{record.companyName}</Descriptions.Item>
        <Descriptions.Item label={t("fields.tradeName")}>{record.tradeName}</Descriptions.Item>
        <Descriptions.Item label={t("fields.buildingId")}>{building?.name ?? ""}</Descriptions.Item>
        <Descriptions.Item label={t("fields.premises")}>{list(record.premises)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.scheduledAt")}>
          <span data-testid="hotb-scheduled-at">{formatDateTime(record.scheduledAt)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.actualDate")}>{formatDate(record.actualDate)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.remarkToTenant")}>{record.remarkToTenant}</Descriptions.Item>
        <Descriptions.Item label={t("fields.specialRemark")}>{record.specialRemark}</Descriptions.Item>
        {staff && <Descriptions.Item label={t("fields.amRemark")}>{record.amRemark}</Descriptions.Item>}
        {staff && <Descriptions.Item label={t("fields.createdBy")}>{user(record.createdBy)}</Descriptions.Item>}
        {staff && (
          <Descriptions.Item label={t("fields.managedBy")}>
            <span data-testid="hotb-pic">{user(record.managedBy)}</span>
          </Descriptions.Item>
        )}
        {staff && <Descriptions.Item label={t("fields.approverId")}>{user(record.approverId)}</Descriptions.Item>}
        <Descriptions.Item label={t("fields.tenantContactName")}>
          {[record.tenantContactName, record.tenantContactPhone, record.tenantContactEmail].filter(Boolean).join(" · ")}
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.companyContactName")}>
          {[record.companyContactName, record.companyContactPhone, record.companyContactEmail].filter(Boolean).join(" · ")}
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.additionalEmails")}>{list(record.additionalEmails)}</Descriptions.Item>
        {staff && record.templateVersion != null && <Descriptions.Item label={t("fields.templateVersion")}>{record.templateVersion}</Descriptions.Item>}
        <Descriptions.Item label={t("fields.updatedAt")}>{formatDateTime(record.updatedAt)}</Descriptions.Item>
      </Descriptions>
      <VersionedDialog title={t("editTitle")} open={open} busy={dialog.busy} onFinish={save} onClose={() => setOpen(false)} dialog={dialog} testId="hotb-edit">
        <Form.Item name="name" label={t("fields.name")} rules={[{ required: true, whitespace: true, message: t("validation.name") }]}>
          <Input maxLength={hotbLimits.name} data-testid="hotb-edit-name" />
        </Form.Item>
        <Form.Item name="premiseBuildingType" label={t("fields.premiseBuildingType")}>
          <Select options={premiseBuildingTypes.map((value) => ({ value, label: t(`premiseBuildingTypes.${value}`) }))} />
        </Form.Item>
        <Form.Item name="premises" label={t("fields.premises")} rules={[{ type: "array", min: 1, message: t("validation.premises") }]}>
          <Select mode="tags" open={false} tokenSeparators={[","]} />
        </Form.Item>
        {textArea("remarkToTenant")}
        {textArea("specialRemark")}
        {textArea("amRemark")}
        {input("tenantContactName", hotbLimits.contactName)}
        {input("tenantContactPhone", hotbLimits.phone)}
        {input("tenantContactEmail", hotbLimits.email, [email])}
        {input("companyContactName", hotbLimits.contactName)}
        {input("companyContactPhone", hotbLimits.phone)}
        {input("companyContactEmail", hotbLimits.email, [email])}
        <Form.Item
          name="additionalEmails"
          label={t("fields.additionalEmails")}
          extra={t("hints.additionalEmails")}
          rules={[{ type: "array", defaultField: email, max: hotbLimits.additionalEmails }]}
        >
          <Select mode="tags" open={false} tokenSeparators={[",", " "]} />
        </Form.Item>
      </VersionedDialog>
    </>
  );
}
