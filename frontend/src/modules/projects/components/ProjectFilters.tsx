import { Form, Input, Select } from "antd";
import type { CrudFilters } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { projectStates } from "../../../../../backend/src/modules/projects/services/projects/project.workflow";
import { projectNumberTypes } from "../../../../../backend/src/modules/projects/services/projects/projects.shared";

export interface ProjectSearch {
  number?: string;
  numberType?: string;
  status?: string;
  companyId?: number;
  siteId?: number;
  type?: string;
}

/** The list's filters as the service takes them: number (part of it), number type, status, vendor, site, type. */
export const projectFilters = (search: ProjectSearch): CrudFilters => [
  { field: "number", operator: "contains", value: search.number?.trim() || undefined },
  { field: "numberType", operator: "eq", value: search.numberType },
  { field: "status", operator: "eq", value: search.status },
  { field: "companyId", operator: "eq", value: search.companyId },
  { field: "siteId", operator: "eq", value: search.siteId },
  { field: "type", operator: "contains", value: search.type?.trim() || undefined },
];

export function ProjectFilterFields({ staff }: { staff: boolean }) {
  const { t } = useTranslation("projects");
  return (
    <>
      <Form.Item name="number" label={t("fields.number")}>
        <Input allowClear style={{ width: 160 }} data-testid="number-filter" />
      </Form.Item>
      <Form.Item name="numberType" label={t("fields.numberType")}>
        <Select allowClear style={{ width: 140 }} options={projectNumberTypes.map((type) => ({ value: type, label: t(`numberTypes.${type}`) }))} />
      </Form.Item>
      <Form.Item name="status" label={t("fields.status")}>
        <Select allowClear style={{ width: 130 }} options={projectStates.map((status) => ({ value: status, label: t(`status.${status}`) }))} />
      </Form.Item>
      {staff && (
        <Form.Item name="companyId" label={t("fields.companyId")}>
          <RecordSelect resource="companies" style={{ width: 180 }} />
        </Form.Item>
      )}
      {staff && (
        <Form.Item name="siteId" label={t("fields.siteId")}>
          <RecordSelect resource="sites" style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item name="type" label={t("fields.type")}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
    </>
  );
}
