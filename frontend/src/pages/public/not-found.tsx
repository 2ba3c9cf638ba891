import { Button, Result } from "antd";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../providers/session";
import { PORTAL_HOME, portalOf } from "../../config/portals";

/** /404: unknown paths and features switched off in the region; no header or footer (spec). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const home = user ? PORTAL_HOME[portalOf(user)] : "/pub/login";
  return (
    <Result
      status="404"
      title="404"
      subTitle={t("notFound.message")}
      style={{ paddingTop: "12vh" }}
      extra={
        <Button type="primary" onClick={() => navigate(home, { replace: true })}>
          {t("notFound.home")}
        </Button>
      }
    />
  );
}
