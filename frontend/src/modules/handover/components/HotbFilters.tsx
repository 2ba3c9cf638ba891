import { Form, Input, Select } from "antd";
import type { CrudFilters } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { hotbStates } from "./rules";
import { hotbTypes } from "../../../../../backend/src/modules/handover/services/hotb/hotb.shared";

export interface HotbSearch {
  name?: string;
  status?: string;
  type?: string;
  buildingId?: number;
}

/** The list's filters as the service takes them: name (part of it), status, type, building. */
export const hotbFilters = (search: HotbSearch): CrudFilters => [
  { field: "name", operator: "contains", value: search.name?.trim() || undefined },
  { field: "status", operator: "eq", value: search.status },
  { field: "type", operator: "eq", value: search.type },
  { field: "buildingId", operator: "eq", value: search.buildingId },
];

/** The filter fields; a tenant chooses among the states it may read, and no building. */
export function HotbFilterFields({ staff }: { staff: boolean }) {
  const { t } = useTranslation("hotb");
  const states = staff ? hotbStates : (["SCHEDULED", "UNSIGNED", "COMPLETED"] as const);
  return (
    <>
      <Form.Item name="name" label={t("fields.name")}>
        <Input allowClear style={{ width: 180 }} data-testid="hotb-name-filter" />
      </Form.Item>
      <Form.Item name="status" label={t("fields.status")}>
        <Select
          allowClear
          style={{ width: 170 }}
          options={states.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          data-testid="hotb-status-filter"
        />
      </Form.Item>
      <Form.Item name="type" label={t("fields.type")}>
        <Select
          allowClear
          style={{ width: 130 }}
          options={hotbTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          data-testid="hotb-type-filter"
        />
      </Form.Item>
      {staff && (
        <Form.Item name="buildingId" label={t("fields.buildingId")}>
          <RecordSelect resource="buildings" style={{ width: 160 }} data-testid="hotb-building-filter" />
        </Form.Item>
      )}
    </>
  );
}
