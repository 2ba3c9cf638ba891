import { useEffect, useRef, useState } from "react";
import { Result, Spin } from "antd";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { api } from "../../providers/api";
import { catalogueMessage, notifySuccess } from "../../providers/notifications";

type State = { kind: "working" } | { kind: "done" } | { kind: "failed"; message: string };

/** Opened from the unlock mail: confirms the token once and says how it went. */
export function ConfirmUnlockPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token");
  const [state, setState] = useState<State>({ kind: "working" });
  const started = useRef(false); // StrictMode runs effects twice; a token is single-use

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setState({ kind: "failed", message: t("reset.noToken") });
      return;
    }
    api(`/v1/unlock-requests/${encodeURIComponent(token)}`, { method: "PATCH", body: {}, authFlow: true, action: "unlock-requests.update" })
      .then(() => {
        setState({ kind: "done" });
        notifySuccess(t("unlock.confirmed"));
      })
      .catch((error) => setState({ kind: "failed", message: catalogueMessage("unlock.confirm", error) }));
  }, [token, t]);

  return (
    <AuthCard title={t("unlock.confirmTitle")}>
      {state.kind === "working" && <Spin style={{ display: "block", margin: 24 }} />}
      {state.kind === "done" && <Result status="success" title={t("unlock.confirmed")} extra={<Link to="/pub/login">{t("backToLogin")}</Link>} />}
      {state.kind === "failed" && <Result status="error" subTitle={state.message} extra={<Link to="/pub/unlock">{t("unlock.requestNew")}</Link>} />}
    </AuthCard>
  );
}
