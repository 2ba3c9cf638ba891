import { Form, Input, Select } from "antd";
import type { CrudFilters } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { tenantProjectStates } from "../../../../../backend/src/modules/tenant-projects/services/tenant-projects/tenant-project.workflow";
import {
  tenantProjectTimeFilters,
  tenantProjectTypes,
  type TenantProjectTimeFilter,
} from "../../../../../backend/src/modules/tenant-projects/services/tenant-projects/tenant-projects.shared";

export interface TenantProjectSearch {
  projectName?: string;
  companyName?: string;
  status?: string;
  type?: string;
  buildingId?: number;
  since?: TenantProjectTimeFilter;
}

/** The list's filters as the service takes them: names (part of them), status, type, building, and the spec's time filter. */
export const tenantProjectFilters = (search: TenantProjectSearch): CrudFilters => [
  { field: "projectName", operator: "contains", value: search.projectName?.trim() || undefined },
  { field: "companyName", operator: "contains", value: search.companyName?.trim() || undefined },
  { field: "status", operator: "eq", value: search.status },
  { field: "type", operator: "eq", value: search.type },
  { field: "buildingId", operator: "eq", value: search.buildingId },
  { field: "$since", operator: "eq", value: search.since && search.since !== "all" ? search.since : undefined },
];

export function TenantProjectFilterFields({ staff }: { staff: boolean }) {
  const { t } = useTranslation("tenant-projects");
  return (
    <>
      <Form.Item name="projectName" label={t("fields.projectName")}>
        <Input allowClear style={{ width: 180 }} data-testid="tenant-project-name-filter" />
      </Form.Item>
      {staff && (
        <Form.Item name="companyName" label={t("fields.companyName")}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      )}
      <Form.Item name="status" label={t("fields.status")}>
        <Select
          allowClear
          style={{ width: 140 }}
          options={tenantProjectStates.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          data-testid="tenant-project-status-filter"
        />
      </Form.Item>
      <Form.Item name="type" label={t("fields.type")}>
        <Select allowClear style={{ width: 140 }} options={tenantProjectTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
      </Form.Item>
      {staff && (
        <Form.Item name="buildingId" label={t("fields.buildingId")}>
          <RecordSelect resource="buildings" style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item name="since" label={t("fields.since")}>
        <Select
          allowClear
          style={{ width: 140 }}
          options={Object.keys(tenantProjectTimeFilters).map((since) => ({ value: since, label: t(`since.${since}`) }))}
          data-testid="tenant-project-since-filter"
        />
      </Form.Item>
    </>
  );
}
