import { Modal } from "antd";
import { useLogout, useWarnAboutChange } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { session, useSession } from "../providers/session";

/**
 * The server answers 403 PERMISSION_UPDATED when an administrator changed the user's groups:
 * the rules held here are stale and only a new sign-in fetches the new ones (spec section 6).
 */
export function PermissionUpdatedModal() {
  const { t } = useTranslation();
  const open = useSession((s) => s.permissionUpdated);
  const { mutate: logout } = useLogout<{ redirect?: string }>();
  // Unsaved edits cannot be saved with stale permissions anyway; do not ask about them.
  const { setWarnWhen } = useWarnAboutChange();
  const signInAgain = () => {
    const redirect = `${window.location.pathname}${window.location.search}`;
    setWarnWhen(false);
    session.set({ permissionUpdated: false });
    logout({ redirect });
  };
  return (
    <Modal
      open={open}
      title={t("permissionUpdated.title")}
      okText={t("permissionUpdated.signIn")}
      onOk={signInAgain}
      closable={false}
      maskClosable={false}
      keyboard={false}
      cancelButtonProps={{ style: { display: "none" } }}
    >
      {t("permissionUpdated.message")}
    </Modal>
  );
}
