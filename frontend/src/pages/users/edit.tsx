import { useForm } from "@refinedev/antd";
import { Edit } from "../../components/crud";
import { UserForm } from "../../components/users/UserForm";
import { useTranslation } from "react-i18next";
import { useUserKind, type UserRecord } from "../../components/users/user-kind";

/**
 * Contact details, language, regions and this region's security groups of an account. The form
 * waits under a spinner for the account: Refine resets it when the record arrives, which would
 * drop whatever was typed before.
 */
export default function UserEdit() {
  const { t } = useTranslation("users");
  const { kind } = useUserKind();
  const { formProps, saveButtonProps, formLoading } = useForm<UserRecord>({ meta: { action: "users.update" }, redirect: "show" });
  return (
    <Edit title={t(`${kind}.titles.edit`)} saveButtonProps={saveButtonProps} deleteButtonProps={{ hidden: true }} canDelete={false} isLoading={formLoading}>
      <UserForm formProps={formProps} mode="edit" />
    </Edit>
  );
}
