import { Card } from "antd";
import { TenancyAccounts } from "../../components/TenancyAccounts";

/** The tenant portal's user management (/tenants/users): the caller's own tenancy's accounts. */
export default function TenancyAccountList() {
  return (
    <Card>
      <TenancyAccounts />
    </Card>
  );
}
