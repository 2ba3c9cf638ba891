import { useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilters } from "@refinedev/core";
import { Form, Input, Select } from "antd";

export interface NameTypeSearch {
  name?: string;
  type?: string;
}

/** A list searched by a fragment of its name and one exact type, sorted by name (sites, companies). */
export function useNameTypeTable() {
  return useTable<BaseRecord, never, NameTypeSearch>({
    sorters: { initial: [{ field: "name", order: "asc" }] },
    onSearch: ({ name, type }): CrudFilters => [
      { field: "name", operator: "contains", value: name?.trim() },
      { field: "type", operator: "eq", value: type },
    ],
  });
}

/** The name and type fields of such a list, placed inside its ListToolbar. */
export function NameTypeFields({
  nameLabel,
  typeLabel,
  types,
  typeWidth = 140,
}: {
  nameLabel: string;
  typeLabel: string;
  types: ReadonlyArray<{ value: string; label: string }>;
  typeWidth?: number;
}) {
  return (
    <>
      <Form.Item name="name" label={nameLabel}>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="type" label={typeLabel}>
        <Select allowClear style={{ width: typeWidth }} options={[...types]} />
      </Form.Item>
    </>
  );
}
