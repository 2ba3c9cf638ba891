import { useState } from "react";
import { AutoComplete, Button, Space } from "antd";
import { useTranslation } from "react-i18next";

/** The directory mock's sign-in: a username (picked from its users, or typed) and a button. */
export function AdMockSignIn({
  users,
  busy,
  onSignIn,
}: {
  users: { username: string; displayName?: string }[];
  busy: boolean;
  onSignIn: (username: string) => void;
}) {
  const { t } = useTranslation("auth");
  const [mockUser, setMockUser] = useState("");
  return (
    <Space.Compact style={{ width: "100%" }}>
      <AutoComplete
        style={{ flex: 1 }}
        value={mockUser}
        onChange={setMockUser}
        placeholder={t("login.username")}
        aria-label={`${t("login.adMock")}: ${t("login.username")}`}
        options={users.map((u) => ({ value: u.username, label: u.displayName ? `${u.displayName} (${u.username})` : u.username }))}
        filterOption={(input, option) => `${option?.value} ${option?.label}`.toLowerCase().includes(input.toLowerCase())}
      />
      <Button disabled={!mockUser.trim()} loading={busy} onClick={() => onSignIn(mockUser.trim())}>
        {t("login.adMockSubmit")}
      </Button>
    </Space.Compact>
  );
}
