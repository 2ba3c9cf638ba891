import { useForm } from "@refinedev/antd";
import { Create } from "../../components/crud";
import { SecurityGroupForm } from "../../components/security-groups/SecurityGroupForm";

export default function SecurityGroupCreate() {
  const { formProps, saveButtonProps } = useForm({ redirect: "show" });
  return (
    <Create saveButtonProps={saveButtonProps}>
      <SecurityGroupForm formProps={{ ...formProps, initialValues: { domain: "CMS", permissions: [] } }} mode="create" />
    </Create>
  );
}
