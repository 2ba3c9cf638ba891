import { Button, Card, Layout, Typography } from "antd";
import { useGoBack } from "../../components/useGoBack";
import { useTranslation } from "react-i18next";
import type { Portal } from "../../types/session";

type Document = "termsOfUse" | "privacyPolicy";

/**
 * Terms of use (one per portal) and the tenants' privacy policy. Open to everyone and shown
 * without the portal header (spec section 2). The text lives in common.json under `legal`.
 */
export function LegalPage({ portal, document }: { portal: Portal; document: Document }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const paragraphs = t(`legal.${document}.${portal}`, { returnObjects: true, defaultValue: [] }) as unknown;
  const list =
    Array.isArray(paragraphs) && paragraphs.length ? (paragraphs as string[]) : (t(`legal.${document}.default`, { returnObjects: true }) as string[]);
  return (
    <Layout style={{ minHeight: "100vh", alignItems: "center", padding: 24 }}>
      <Card style={{ maxWidth: 820, width: "100%" }} title={t(`legal.${document}.title`)} extra={<Button onClick={goBack}>{t("actions.back")}</Button>}>
        {list.map((text, index) => (
          <Typography.Paragraph key={index}>{text}</Typography.Paragraph>
        ))}
      </Card>
    </Layout>
  );
}
