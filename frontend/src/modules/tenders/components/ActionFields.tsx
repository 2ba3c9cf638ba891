import { DatePicker, Form, Input, Select, Space } from "antd";
import { useSelect } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { closingInstant, closingTimeOptions, type ClosingTimeOption } from "./rules";
import { dateInputFormat } from "./format";
import { useSession } from "../../../providers/session";
import { invitableCompanyQuery } from "../../../../../backend/src/modules/tenders/services/tenders/tenders.shared";

/**
 * The form fields the tender steps ask for in their dialogs. Each is mounted only while its dialog
 * is open, so the look-ups below run only then.
 */

const staffLabel = (user: BaseRecord) => `${user.displayName ?? user.username} (${user.username})`;

/** The approver of a submission: staff who may approve tenders in this region, neither the user nor the person in charge. */
export function ApproverField({ managedBy }: { managedBy: unknown }) {
  const { t } = useTranslation("tenders");
  const me = useSession((s) => s.user?.id);
  const { selectProps } = useSelect<BaseRecord>({
    resource: "tender-approvers",
    optionLabel: staffLabel,
    optionValue: "id" as never,
    pagination: { mode: "off" },
    errorNotification: false,
  });
  const options = (selectProps.options ?? []).filter((option: any) => String(option.value) !== String(me) && String(option.value) !== String(managedBy));
  return (
    <Form.Item name="approverId" label={t("fields.approver")} rules={[{ required: true, message: t("validation.approver") }]}>
      <Select {...selectProps} options={options} showSearch optionFilterProp="label" data-testid="approver-select" />
    </Form.Item>
  );
}

/** Why (a rejection, an extension): required, not blank. */
export function ReasonField() {
  const { t } = useTranslation("tenders");
  return (
    <Form.Item name="reason" label={t("fields.reason")} rules={[{ required: true, whitespace: true, message: t("validation.required") }]}>
      <Input.TextArea autoSize={{ minRows: 3 }} maxLength={2000} showCount data-testid="reason" />
    </Form.Item>
  );
}

/** Who takes the tender over: the region's staff who run tenders (tenders:update), not the one in charge now. */
export function ManagerField({ managedBy }: { managedBy: unknown }) {
  const { t } = useTranslation("tenders");
  const { selectProps } = useSelect<BaseRecord>({
    resource: "tender-approvers",
    optionLabel: staffLabel,
    optionValue: "id" as never,
    filters: [{ field: "role", operator: "eq", value: "manager" }],
    pagination: { mode: "off" },
    errorNotification: false,
  });
  return (
    <Form.Item name="userId" label={t("fields.newManager")} extra={t("changeManager.help")} rules={[{ required: true, message: t("validation.required") }]}>
      <Select
        {...selectProps}
        options={(selectProps.options ?? []).filter((option: any) => String(option.value) !== String(managedBy))}
        showSearch
        optionFilterProp="label"
        data-testid="manager-select"
      />
    </Form.Item>
  );
}

/** The vendors a tender is issued to, searched by name: active vendor companies of the region only (the server refuses others). */
export function VendorsField() {
  const { t } = useTranslation("tenders");
  const { selectProps } = useSelect<BaseRecord>({
    resource: "companies",
    optionLabel: "name" as never,
    optionValue: "id" as never,
    filters: Object.entries(invitableCompanyQuery).map(([field, value]) => ({ field, operator: "eq" as const, value })),
    sorters: [{ field: "name", order: "asc" }],
    pagination: { pageSize: 100, mode: "server" },
    onSearch: (text) => [{ field: "name", operator: "contains", value: text }],
  });
  return (
    <Form.Item name="vendorIds" label={t("fields.vendors")} rules={[{ required: true, message: t("validation.vendors") }]}>
      <Select {...selectProps} mode="multiple" showSearch filterOption={false} data-testid="vendor-select" />
    </Form.Item>
  );
}

/** The new closing date and time of an extension (the reason is asked beside it). */
export function ClosingFields() {
  const { t } = useTranslation("tenders");
  return (
    <Space.Compact block>
      <Form.Item name="closingDate" label={t("fields.closingDate")} rules={[{ required: true, message: t("validation.required") }]} style={{ flex: 1 }}>
        <DatePicker style={{ width: "100%" }} format={dateInputFormat()} placeholder={t("fields.closingDate")} />
      </Form.Item>
      <Form.Item name="closingTime" label={t("fields.closingTime")} initialValue="17:00" style={{ width: 160 }}>
        <Select options={closingTimeOptions.map((option) => ({ value: option.value, label: t(`closingTime.${option.value}`, { nsSeparator: false }) }))} />
      </Form.Item>
    </Space.Compact>
  );
}

/** The closing instant chosen in ClosingFields, in the region's time zone. */
export const closingAtOf = (values: Record<string, any>, timeZone: string) =>
  closingInstant((values.closingDate as Dayjs).format("YYYY-MM-DD"), values.closingTime as ClosingTimeOption, timeZone).toISOString();
