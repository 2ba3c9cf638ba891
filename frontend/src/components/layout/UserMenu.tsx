import { Avatar, Button, Dropdown, Modal, Typography } from "antd";
import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useLogout, useWarnAboutChange } from "@refinedev/core";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../providers/session";
import { profilePath } from "../../config/portals";
import type { Portal } from "../../types/session";

/**
 * Name of the signed-in user with Profile and Logout; logout asks first when a form is dirty.
 * `compact` (a phone's header) shows the avatar alone, the name being its label.
 */
export function UserMenu({ portal, compact = false }: { portal: Portal; compact?: boolean }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const name = user?.displayName || user?.username;
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();

  const signOut = () => {
    if (!warnWhen) return logout();
    Modal.confirm({
      title: t("warnWhenUnsavedChanges"),
      okText: t("actions.logout"),
      cancelText: t("buttons.cancel"),
      onOk: () => {
        setWarnWhen(false);
        logout();
      },
    });
  };

  const items = [
    { key: "profile", icon: <UserOutlined />, label: t("header.profile"), onClick: () => navigate(profilePath(portal)) },
    { type: "divider" as const },
    { key: "logout", icon: <LogoutOutlined />, label: t("actions.logout"), onClick: signOut },
  ];

  return (
    <Dropdown menu={{ items }} trigger={["click"]} placement="bottomRight">
      <Button type="text" data-testid="user-menu" aria-label={compact ? name : undefined} style={{ paddingInline: compact ? 4 : 8 }}>
        <Avatar size="small" icon={<UserOutlined />} />
        {!compact && (
          <Typography.Text strong ellipsis style={{ maxWidth: 260 }}>
            {name}
          </Typography.Text>
        )}
      </Button>
    </Dropdown>
  );
}
