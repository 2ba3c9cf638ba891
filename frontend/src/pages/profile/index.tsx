import { Card, Col, Descriptions, Row, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSession } from "../../providers/session";
import { PreferencesForm } from "./PreferencesForm";
import { ChangePasswordForm } from "./ChangePasswordForm";

/** The signed-in user's own account: who they are, preferences, password. */
export function ProfilePage() {
  const { t } = useTranslation(["auth", "users"]);
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Typography.Title level={3}>{t("profile.title")}</Typography.Title>
      <Card title={t("profile.account")}>
        <Descriptions column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t("users:fields.username")}>{user.username}</Descriptions.Item>
          <Descriptions.Item label={t("users:fields.displayName")}>{user.displayName}</Descriptions.Item>
          <Descriptions.Item label={t("users:fields.email")}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t("users:fields.userType")}>
            {t(`users:userTypes.${user.userType}`, { defaultValue: String(user.userType) })}
          </Descriptions.Item>
          <Descriptions.Item label={t("users:fields.domain")}>{user.domain}</Descriptions.Item>
          <Descriptions.Item label={t("users:fields.source")}>{t(`users:sources.${user.source}`, { defaultValue: user.source })}</Descriptions.Item>
          <Descriptions.Item label={t("users:fields.regions")}>{(user.regions ?? []).join(", ")}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <PreferencesForm />
        </Col>
        {/* Directory (AD) accounts have no password here to change. */}
        {user.source !== "AD" && (
          <Col xs={24} lg={12}>
            <ChangePasswordForm />
          </Col>
        )}
      </Row>
    </Space>
  );
}
