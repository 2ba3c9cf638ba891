import { Space } from "antd";
import { DeleteButton, EditButton, ShowButton } from "@refinedev/antd";
import type { BaseKey } from "@refinedev/core";

/** Show / edit / delete buttons of a list row; edit and delete are hidden (not just disabled) when the user may not. */
export function RowActions({
  id,
  show = false,
  edit = true,
  remove = true,
  resource,
}: {
  id: BaseKey;
  show?: boolean;
  edit?: boolean;
  remove?: boolean;
  resource?: string;
}) {
  return (
    <Space size="small">
      {show && <ShowButton hideText size="small" recordItemId={id} resource={resource} />}
      {edit && <EditButton hideText size="small" recordItemId={id} resource={resource} accessControl={{ enabled: true, hideIfUnauthorized: true }} />}
      {remove && <DeleteButton hideText size="small" recordItemId={id} resource={resource} accessControl={{ enabled: true, hideIfUnauthorized: true }} />}
    </Space>
  );
}
