import { Card } from "antd";
import { useCan } from "@refinedev/core";
import { TenancyAccounts } from "../../components/TenancyAccounts";
import { TenancyContractors } from "../../components/TenancyContractors";

/** The tenant portal's user management (/tenants/users): the caller's own tenancy's accounts and contractors. */
export default function TenancyAccountList() {
  const { data: mayReadContractors } = useCan({ resource: "tenancy-contractors", action: "list" });
  return (
    <Card>
      <TenancyAccounts />
      {mayReadContractors?.can && <TenancyContractors />}
    </Card>
  );
}
