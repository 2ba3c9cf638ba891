import { Card, Col, Empty, List, Row, Space, Typography } from "antd";
import { AppstoreOutlined, SettingOutlined } from "@ant-design/icons";
import { useMenu } from "@refinedev/core";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../providers/session";
import { canAccessResource, currentAbility } from "../../providers/access-control";
import { translate } from "../../providers/i18n";
import { hasModule, moduleInfos } from "../../config/features";
import type { Portal } from "../../types/session";

/** Modules of this portal that the region switches on, and those of them the user's rules open (no figures yet). */
function useReachableModules(portal: Portal) {
  useSession((s) => s.rules); // re-render when rules or region change
  const region = useSession((s) => s.region);
  const regions = useSession((s) => s.regions);
  const features = regions.find((r) => r.code === region)?.features ?? [];
  const ability = currentAbility();
  const switchedOn = moduleInfos().filter((module) => module.portals.includes(portal) && features.includes(module.feature));
  // One card per switch: the first module of it the user may read (tenant projects and handovers share TENANT_PROJECTS).
  const readable = switchedOn.filter((module) => module.subjects.some((subject) => ability.can("read", subject)));
  return { switchedOn, modules: readable.filter((module, index) => readable.findIndex((other) => other.feature === module.feature) === index) };
}

/**
 * No module open to the user: when the region has modules on, the account lacks rights (say which
 * modules, where its screens are and whom to ask), else the region has none on.
 */
function NoModules({ switchedOn, settings }: { switchedOn: string[]; settings: boolean }) {
  const { t } = useTranslation();
  if (!switchedOn.length) return <Empty description={t("dashboard:noModules")} />;
  return (
    <Empty
      data-testid="no-module-rights"
      description={
        <Space direction="vertical" size={4}>
          <span>{t("dashboard:noRights", { modules: switchedOn.map((feature) => t(`features.${feature}`)).join(t("common:listSeparator")) })}</span>
          {settings && <span>{t("dashboard:noRightsCan", { settings: t("menu.settings") })}</span>}
          <span>{t("dashboard:noRightsAsk")}</span>
        </Space>
      }
    />
  );
}

export function ModuleCards({ portal, hideWhenEmpty = false }: { portal: Portal; hideWhenEmpty?: boolean }) {
  const { t } = useTranslation();
  const { switchedOn, modules } = useReachableModules(portal);
  const { menuItems } = useMenu();
  const settings = menuItems
    .filter((item) => (item.meta?.portal ?? "staff") === portal)
    // The settings groups' screens only: modules have their own cards above.
    .flatMap((item) => item.children)
    .filter((item) => item.route && canAccessResource(item, "list"));
  if (hideWhenEmpty && !modules.length && !settings.length) return null;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={settings.length ? 14 : 24}>
        <Card title={t("dashboard:modules")} extra={<AppstoreOutlined />}>
          {modules.length ? (
            <Row gutter={[12, 12]}>
              {modules.map((module) => (
                <Col xs={24} sm={12} key={module.feature}>
                  <Card
                    size="small"
                    type="inner"
                    title={
                      module.home?.[portal] ? (
                        <Link to={module.home[portal]} data-testid={`module-${module.feature}`}>
                          {t(`features.${module.feature}`)}
                        </Link>
                      ) : (
                        t(`features.${module.feature}`)
                      )
                    }
                  >
                    <Typography.Text type="secondary">{t("dashboard:moduleAvailable")}</Typography.Text>
                  </Card>
                </Col>
              ))}
            </Row>
          ) : (
            <NoModules
              switchedOn={[...new Set(switchedOn.filter((module) => hasModule(module.feature)).map((module) => module.feature))]}
              settings={settings.length > 0}
            />
          )}
        </Card>
      </Col>
      {settings.length > 0 && (
        <Col xs={24} lg={10}>
          <Card title={t("menu.settings")} extra={<SettingOutlined />}>
            <List
              rowKey="name"
              size="small"
              dataSource={settings}
              renderItem={(item) => (
                <List.Item>
                  <Link to={item.route!}>{translate(item.meta?.labelKey ?? item.name)}</Link>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      )}
    </Row>
  );
}
