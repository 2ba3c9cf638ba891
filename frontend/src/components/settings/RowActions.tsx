import { Space } from "antd";
import { DeleteButton, EditButton } from "@refinedev/antd";
import type { BaseKey } from "@refinedev/core";

/** Edit / delete buttons of a list row, hidden (not just disabled) when the user may not. */
export function RowActions({ id, edit = true, remove = true, resource }: { id: BaseKey; edit?: boolean; remove?: boolean; resource?: string }) {
  return (
    <Space size="small">
      {edit && <EditButton hideText size="small" recordItemId={id} resource={resource} accessControl={{ enabled: true, hideIfUnauthorized: true }} />}
      {remove && <DeleteButton hideText size="small" recordItemId={id} resource={resource} accessControl={{ enabled: true, hideIfUnauthorized: true }} />}
    </Space>
  );
}
