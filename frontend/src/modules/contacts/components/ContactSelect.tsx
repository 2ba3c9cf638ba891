import { useSelect } from "@refinedev/antd";
import type { BaseKey, BaseRecord } from "@refinedev/core";
import { Select, type SelectProps } from "antd";

/** A contact picked by name, company, phone fragment or e-mail (the list's `q` search), on the server. */
export function ContactSelect({ value, ...rest }: Omit<SelectProps, "options" | "onSearch">) {
  const { selectProps } = useSelect<BaseRecord>({
    resource: "ccdcontacts",
    optionLabel: ((record: BaseRecord) => [`${record.firstName} ${record.lastName}`.trim(), record.companyName].filter(Boolean).join(" — ")) as never,
    optionValue: "id" as never,
    defaultValue: value as BaseKey | undefined,
    pagination: { pageSize: 20, mode: "server" },
    debounce: 300,
    onSearch: (text) => [{ field: "q", operator: "eq", value: text.trim() || undefined }],
  });
  return <Select {...selectProps} value={value} allowClear showSearch filterOption={false} {...rest} />;
}
