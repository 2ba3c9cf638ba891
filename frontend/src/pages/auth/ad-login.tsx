import { useEffect, useRef, useState } from "react";
import { Result, Spin } from "antd";
import { useSignIn } from "../../components/auth/useSignIn";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { AD_REDIRECT_KEY } from "./login";

/** Return point of the AD sign-in: `#access_token=...` (or `#error=...`) completes the login. */
export function AdLoginPage() {
  const { t } = useTranslation("auth");
  const { mutate: login } = useSignIn();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hash = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    const accessToken = hash.get("access_token");
    // The token must not stay in the address bar or the history.
    window.history.replaceState(null, "", window.location.pathname);
    if (!accessToken) {
      setFailed(hash.get("error") ?? t("ad.noToken"));
      return;
    }
    const redirect = sessionStorage.getItem(AD_REDIRECT_KEY);
    sessionStorage.removeItem(AD_REDIRECT_KEY);
    login({ strategy: "token", accessToken, redirect }, { onSuccess: (result) => !result.success && setFailed(t("ad.failed")) });
  }, [login, t]);

  return (
    <AuthCard title={t("ad.title")}>
      {failed ? (
        <Result status="error" subTitle={failed} extra={<Link to="/pub/login">{t("backToLogin")}</Link>} />
      ) : (
        <Spin tip={t("ad.working")} style={{ display: "block", margin: 24 }}>
          <div style={{ height: 48 }} />
        </Spin>
      )}
    </AuthCard>
  );
}
