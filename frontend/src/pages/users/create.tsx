import { useForm } from "@refinedev/antd";
import { Create } from "../../components/crud";
import { useTranslation } from "react-i18next";
import { UserForm } from "../../components/users/UserForm";
import { useUserKind } from "../../components/users/user-kind";

/** Invites an account: the user sets a password from the mailed link. */
export default function UserCreate() {
  const { t } = useTranslation("users");
  const { kind, userTypes } = useUserKind();
  const { formProps, saveButtonProps } = useForm({
    meta: { action: "users.create" },
    redirect: "show",
  });
  return (
    <Create title={t(`${kind}.titles.create`)} saveButtonProps={{ ...saveButtonProps, children: t("actions.invite") }}>
      <UserForm formProps={{ ...formProps, initialValues: { userType: userTypes[userTypes.length > 1 ? 1 : 0], language: "en-US" } }} mode="create" />
    </Create>
  );
}
