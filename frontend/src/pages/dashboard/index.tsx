import { Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSession } from "../../providers/session";
import { regionLabel } from "../../providers/regions";
import { ModuleCards } from "./ModuleCards";
import { currentAbility } from "../../providers/access-control";
import { clientModules } from "../../providers/modules";
import type { Portal } from "../../types/session";

/** Landing page of each portal: greeting, region, the work waiting for the user, and what they can reach from here. */
export function Dashboard({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const region = useSession((s) => s.region);
  const regionInfo = useSession((s) => s.regions.find((r) => r.code === s.region));
  useSession((s) => s.rules); // re-render when the rules change
  const ability = currentAbility();
  // Each switched-on module's boxes for this portal, those naming a subject only for its readers.
  const panels = clientModules()
    .filter((module) => regionInfo?.features.includes(module.feature))
    .flatMap((module) => (module.dashboard?.[portal] ?? []).map((panel) => ({ ...panel, key: `${module.name}:${panel.key}` })))
    .filter((panel) => !panel.subject || ability.can("read", panel.subject));
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <div>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t(`dashboard:title.${portal}`)}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t("dashboard:welcome", { name: user?.displayName || user?.username, region: regionInfo ? regionLabel(regionInfo) : (region ?? "") })}
        </Typography.Text>
      </div>
      {panels.map(({ key, Panel }) => (
        // A panel's code is a chunk of its own; until it arrives the portal layout's skeleton
        // stands for the whole page, so the cards below do not move when the panels appear.
        <Panel key={key} portal={portal} />
      ))}
      {/* With boxes of work above, an empty module list is no news: it is left out, not shown as a dead end. */}
      <ModuleCards portal={portal} hideWhenEmpty={panels.length > 0} />
    </Space>
  );
}
