import { useForm } from "@refinedev/antd";
import { Edit } from "../../components/crud";
import { UserForm } from "../../components/users/UserForm";
import { useTranslation } from "react-i18next";
import { useUserKind, type UserRecord } from "../../components/users/user-kind";

/** Contact details, language, regions and this region's security groups of an account. */
export default function UserEdit() {
  const { t } = useTranslation("users");
  const { kind } = useUserKind();
  const { formProps, saveButtonProps } = useForm<UserRecord>({ meta: { action: "users.update" }, redirect: "show" });
  return (
    <Edit title={t(`${kind}.titles.edit`)} saveButtonProps={saveButtonProps} deleteButtonProps={{ hidden: true }} canDelete={false}>
      <UserForm formProps={formProps} mode="edit" />
    </Edit>
  );
}
