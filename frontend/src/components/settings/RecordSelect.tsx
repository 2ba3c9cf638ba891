import { useSelect } from "@refinedev/antd";
import { useOne, type BaseKey, type BaseRecord, type CrudFilter } from "@refinedev/core";
import { Select, type SelectProps } from "antd";

export interface RecordSelectProps extends Omit<SelectProps, "options" | "onSearch"> {
  /** Feathers path to pick from (`buildings`, `sites`, `users`, `departments`). */
  resource: string;
  /** Label of an option; default `code — name` or `name`. */
  label?: (record: BaseRecord) => string;
  /** Text field searched as the user types (`$ilike`). */
  searchField?: string;
  /** Filters every option list keeps (e.g. tenant companies only). */
  filters?: CrudFilter[];
}

export const defaultLabel = (record: BaseRecord) =>
  [record.code ?? record.shortName, record.name ?? record.displayName ?? record.username].filter(Boolean).join(" — ") || String(record.id);

/**
 * Select (single or `mode="multiple"`) over another service's records, searched on the server;
 * the records already chosen are fetched by id so their labels show before any search.
 */
export function RecordSelect({ resource, label = defaultLabel, searchField = "name", filters, value, ...rest }: RecordSelectProps) {
  const { selectProps } = useSelect<BaseRecord>({
    resource,
    optionLabel: label,
    optionValue: "id" as never,
    defaultValue: value as BaseKey | BaseKey[] | undefined,
    pagination: { pageSize: 100, mode: "server" },
    debounce: 300,
    filters,
    onSearch: (text) => [{ field: searchField, operator: "contains", value: text }],
  });
  return <Select {...selectProps} value={value} allowClear optionFilterProp="label" {...rest} />;
}

/** A chosen record's label, as its RecordSelect shows it (the id until it has loaded). */
export function RecordName({ resource, id, label = defaultLabel }: { resource: string; id: BaseKey; label?: (record: BaseRecord) => string }) {
  const { result } = useOne<BaseRecord>({ resource, id });
  return <>{result ? label(result) : String(id)}</>;
}
