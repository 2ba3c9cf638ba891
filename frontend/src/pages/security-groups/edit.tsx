import { useForm } from "@refinedev/antd";
import { Edit } from "../../components/crud";
import { SecurityGroupForm } from "../../components/security-groups/SecurityGroupForm";

/** Saving new permissions reaches the members at once; their open sessions must log in again. */
export default function SecurityGroupEdit() {
  const { formProps, saveButtonProps } = useForm({ redirect: "show" });
  return (
    <Edit saveButtonProps={saveButtonProps}>
      <SecurityGroupForm formProps={formProps} mode="edit" />
    </Edit>
  );
}
