import { Suspense, useEffect, useState } from "react";
import { Button, Divider, Space, theme } from "antd";
import { WindowsOutlined } from "@ant-design/icons";
import { useSignIn } from "../../components/auth/useSignIn";
import { Link, Navigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { LoginForm } from "../../components/auth/LoginForm";
import { api } from "../../providers/api";
import { useSession } from "../../providers/session";
import { postLoginPath } from "../../config/portals";
import { lazyNamed } from "../../config/lazy";

// The directory mock (demo and test set-ups) brings antd's AutoComplete: loaded only where it shows.
const AdMockSignIn = lazyNamed(() => import("../../components/auth/AdMockSignIn"), "AdMockSignIn");

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
  const { token: colors } = theme.useToken();
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const region = params.get("region");
  const { mutate: login, isPending } = useSignIn();
  const [options, setOptions] = useState<AuthOptions | null>(null);
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
      <LoginForm busy={isPending} onSubmit={(values) => login({ ...values, redirect, region })} />
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
          <p style={{ color: colors.colorTextSecondary, marginTop: 0 }}>{t("login.adMockHint")}</p>
          <Suspense fallback={<div style={{ height: 32 }} />}>
            <AdMockSignIn users={options.adUsers ?? []} busy={isPending} onSignIn={(username) => login({ strategy: "ad-mock", username, redirect, region })} />
          </Suspense>
        </>
      )}
    </AuthCard>
  );
}
