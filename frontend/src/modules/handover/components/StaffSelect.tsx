import { useSelect } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Select, type SelectProps } from "antd";

const staffLabel = (user: BaseRecord) => (user.displayName ? `${user.displayName} (${user.username})` : String(user.username));

/** An enabled staff account of the region, searched by name as the user types (the server checks the choice). */
export function StaffSelect({ exclude, enabled = true, ...rest }: Omit<SelectProps, "options"> & { exclude?: unknown; enabled?: boolean }) {
  const { selectProps } = useSelect<BaseRecord>({
    resource: "users",
    optionLabel: staffLabel as never,
    optionValue: "id" as never,
    filters: [
      { field: "userType", operator: "gte", value: 500 },
      { field: "userType", operator: "lt", value: 600 },
      { field: "enabled", operator: "eq", value: true },
    ],
    sorters: [{ field: "displayName", order: "asc" }],
    pagination: { pageSize: 50, mode: "server" },
    onSearch: (text) => [{ field: "displayName", operator: "contains", value: text }],
    queryOptions: { enabled },
    errorNotification: false,
  });
  return (
    <Select
      {...selectProps}
      options={(selectProps.options ?? []).filter((option) => exclude === undefined || String(option.value) !== String(exclude))}
      showSearch
      filterOption={false}
      {...rest}
    />
  );
}
