import { DatePicker, Form, Input, Select } from "antd";
import type { Dayjs } from "dayjs";
import type { CrudFilters } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { dateInputFormat } from "../../../components/format";
import { tenancyStatuses, tenancyTypes } from "../../../../../backend/src/modules/tenancies/services/tenancies/tenancies.shared";

export interface TenancySearch {
  companyName?: string;
  tradeName?: string;
  type?: string;
  buildingId?: number;
  status?: string;
  floor?: string;
  occupiedOn?: Dayjs | null;
  contactsStale?: boolean;
}

/** The list's filters as the service takes them (spec allTenancyRecs: company, trade name, type, building, status, floor, in force on a day). */
export const tenancyFilters = (search: TenancySearch): CrudFilters => [
  { field: "companyName", operator: "contains", value: search.companyName?.trim() || undefined },
  { field: "tradeName", operator: "contains", value: search.tradeName?.trim() || undefined },
  { field: "type", operator: "eq", value: search.type },
  { field: "buildingId", operator: "eq", value: search.buildingId },
  { field: "status", operator: "eq", value: search.status },
  { field: "floor", operator: "eq", value: search.floor?.trim() || undefined },
  { field: "occupiedOn", operator: "eq", value: search.occupiedOn ? search.occupiedOn.format("YYYY-MM-DD") : undefined },
  { field: "contactsStale", operator: "eq", value: search.contactsStale },
];

export function TenancyFilterFields({ staff }: { staff: boolean }) {
  const { t } = useTranslation("tenancies");
  return (
    <>
      <Form.Item name="companyName" label={t("fields.companyName")}>
        <Input allowClear style={{ width: 160 }} data-testid="company-filter" />
      </Form.Item>
      <Form.Item name="tradeName" label={t("fields.tradeName")}>
        <Input allowClear style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="type" label={t("fields.type")}>
        <Select allowClear style={{ width: 110 }} options={tenancyTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
      </Form.Item>
      {staff && (
        <Form.Item name="buildingId" label={t("fields.building")}>
          <RecordSelect resource="buildings" searchField="code" style={{ width: 140 }} />
        </Form.Item>
      )}
      <Form.Item name="status" label={t("fields.status")}>
        <Select allowClear style={{ width: 120 }} options={tenancyStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))} />
      </Form.Item>
      <Form.Item name="floor" label={t("premises.floor")}>
        <Input allowClear style={{ width: 90 }} />
      </Form.Item>
      <Form.Item name="occupiedOn" label={t("filters.occupiedOn")}>
        <DatePicker format={dateInputFormat()} />
      </Form.Item>
      <Form.Item name="contactsStale" label={t("contacts.staleFilter")}>
        <Select
          allowClear
          style={{ width: 150 }}
          data-testid="stale-filter"
          options={[
            { value: true, label: t("contacts.staleOnly") },
            { value: false, label: t("contacts.freshOnly") },
          ]}
        />
      </Form.Item>
    </>
  );
}
