import { useEffect, useState } from "react";
import { AutoComplete, Button, Divider, Form, Input, Space, Typography } from "antd";
import { LockOutlined, UserOutlined, WindowsOutlined } from "@ant-design/icons";
import { useLogin } from "@refinedev/core";
import { Link, Navigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { api } from "../../providers/api";
import { useSession } from "../../providers/session";
import { postLoginPath } from "../../config/portals";
import type { LoginParams } from "../../providers/auth-provider";

/** GET /v1/auth-options: the sign-in methods of the region (GLOBAL unless `?region=` names one). */
interface AuthOptions {
  adMock: boolean;
  oidc: boolean;
  forceTwoFactor: boolean;
  /** Directory users the mock may sign in as; free text works without the list. */
  adUsers?: { username: string; displayName?: string }[];
}

/** Kept across the AD round trip, which returns to /pub/ad-login without our query string. */
export const AD_REDIRECT_KEY = "estate-portal.ad-redirect";

export function LoginPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const region = params.get("region");
  const { mutate: login, isPending } = useLogin<LoginParams>();
  const [options, setOptions] = useState<AuthOptions | null>(null);
  const [mockUser, setMockUser] = useState("");
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);

  useEffect(() => {
    api<AuthOptions>("auth-options", { authFlow: true, region: region ?? null })
      .then(setOptions)
      .catch(() => setOptions(null)); // without options the password form alone still works
  }, [region]);

  if (token && user) return <Navigate to={postLoginPath(user, redirect)} replace />;

  const startAdSignIn = () => {
    if (redirect) sessionStorage.setItem(AD_REDIRECT_KEY, redirect);
    window.location.assign("/v1/oauth/ad");
  };

  return (
    <AuthCard title={t("login.title")}>
      <Form layout="vertical" requiredMark={false} onFinish={(values: { username: string; password: string }) => login({ ...values, redirect, region })}>
        <Form.Item name="username" label={t("login.username")} rules={[{ required: true, whitespace: true, message: t("login.usernameRequired") }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t("login.password")} rules={[{ required: true, message: t("login.passwordRequired") }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          {t("login.submit")}
        </Button>
      </Form>
      <Space style={{ justifyContent: "space-between", width: "100%", marginTop: 12 }}>
        <Link to="/pub/forgot">{t("login.forgot")}</Link>
        <Link to="/pub/unlock">{t("login.unlock")}</Link>
      </Space>
      {options?.oidc && (
        <>
          <Divider plain>{t("login.or")}</Divider>
          <Button block icon={<WindowsOutlined />} onClick={startAdSignIn}>
            {t("login.adSignIn")}
          </Button>
        </>
      )}
      {options?.adMock && (
        <>
          <Divider plain>{t("login.adMock")}</Divider>
          <Typography.Paragraph type="secondary">{t("login.adMockHint")}</Typography.Paragraph>
          <Space.Compact style={{ width: "100%" }}>
            <AutoComplete
              style={{ flex: 1 }}
              value={mockUser}
              onChange={setMockUser}
              placeholder={t("login.username")}
              aria-label={`${t("login.adMock")}: ${t("login.username")}`}
              options={(options.adUsers ?? []).map((u) => ({ value: u.username, label: u.displayName ? `${u.displayName} (${u.username})` : u.username }))}
              filterOption={(input, option) => `${option?.value} ${option?.label}`.toLowerCase().includes(input.toLowerCase())}
            />
            <Button disabled={!mockUser.trim()} loading={isPending} onClick={() => login({ strategy: "ad-mock", username: mockUser.trim(), redirect, region })}>
              {t("login.adMockSubmit")}
            </Button>
          </Space.Compact>
        </>
      )}
    </AuthCard>
  );
}
