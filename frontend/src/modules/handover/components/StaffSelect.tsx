import { useList, useMany, type BaseRecord } from "@refinedev/core";
import { Select, type SelectProps } from "antd";
import { hotbApproversPath, type HotbApproverRole } from "../../../../../backend/src/modules/handover/services/hotb-approvers/hotb-approvers.shared";

const staffLabel = (user: BaseRecord) => (user.displayName ? `${user.displayName} (${user.username})` : String(user.username));

/** The staff of the region a record may be submitted to (`approver`) or handed to as person in charge (`pic`), by name. */
function useStaffOf(role: HotbApproverRole, enabled: boolean, ids?: unknown[]) {
  const { result } = useList<BaseRecord>({
    resource: hotbApproversPath,
    filters: [{ field: "role", operator: "eq", value: role }, ...(ids ? [{ field: "id", operator: "in" as const, value: ids }] : [])],
    pagination: { mode: "off" },
    liveMode: "off",
    queryOptions: { enabled },
    errorNotification: false,
  });
  return (result?.data ?? []) as BaseRecord[];
}

/**
 * A member of staff the server accepts for the part (`approver`: granted hotb approve; `pic`:
 * granted hotb update), searched by name among them as the user types.
 */
export function StaffSelect({
  role,
  exclude,
  enabled = true,
  ...rest
}: Omit<SelectProps, "options"> & { role: HotbApproverRole; exclude?: unknown; enabled?: boolean }) {
  const staff = useStaffOf(role, enabled);
  const options = staff
    .filter((user) => exclude === undefined || String(user.id) !== String(exclude))
    .map((user) => ({ value: user.id, label: staffLabel(user) }));
  return <Select options={options} showSearch optionFilterProp="label" {...rest} />;
}

/** The names of the staff a record names (creator, PIC, approver): as the approvers' list gives them, else the users service (for who may read it). */
export function useStaffNames(ids: unknown[], enabled: boolean) {
  const wanted = [...new Set(ids.filter(Boolean))] as number[];
  const on = enabled && wanted.length > 0;
  const pics = useStaffOf("pic", on, wanted);
  const approvers = useStaffOf("approver", on, wanted);
  const { result } = useMany({ resource: "users", ids: wanted, queryOptions: { enabled: on, retry: false }, errorNotification: false });
  const known = [...pics, ...approvers, ...((result?.data ?? []) as BaseRecord[])];
  return (id: unknown) => {
    const user = known.find((row) => String(row.id) === String(id));
    return user ? String(user.displayName || user.username) : "";
  };
}
