import type { ReactNode } from "react";
import { Create as RefineCreate, Edit as RefineEdit, Show as RefineShow, type CreateProps, type EditProps, type ShowProps } from "@refinedev/antd";
import { useBack, useResourceParams, useTranslate, useUserFriendlyName } from "@refinedev/core";
import { Button, Space, Typography } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

/*
 * Refine's Create, Edit and Show with a back button a screen reader and a keyboard can use. Refine
 * puts its back button inside the page header's own `div role="button" aria-label="back"`: a button
 * in a button (axe nested-interactive), announced in English whatever the language. Here the
 * header draws no back control of its own; the title carries one real button, named in the
 * user's language, before the page's heading.
 */

type Action = "create" | "edit" | "show";

function useTitle(action: Action, title: ReactNode, resourceFromProps?: string): ReactNode {
  const translate = useTranslate();
  const getUserFriendlyName = useUserFriendlyName();
  const { resource, identifier } = useResourceParams({ resource: resourceFromProps });
  if (title !== undefined) return title;
  // Refine's own default, word for word.
  const verb = { create: "Create", edit: "Edit", show: "Show" }[action];
  return translate(`${identifier}.titles.${action}`, `${verb} ${getUserFriendlyName(resource?.meta?.label ?? identifier, "singular")}`);
}

function HeaderTitle({ title }: { title: ReactNode }) {
  const { t } = useTranslation();
  const back = useBack();
  return (
    <Space size="small" align="center">
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t("actions.back")} onClick={back} />
      {typeof title === "string" ? (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      ) : (
        title
      )}
    </Space>
  );
}

export function Create({ title, ...props }: CreateProps) {
  const heading = useTitle("create", title, props.resource);
  return <RefineCreate {...props} goBack={false} title={<HeaderTitle title={heading} />} />;
}

export function Edit({ title, ...props }: EditProps) {
  const heading = useTitle("edit", title, props.resource);
  return <RefineEdit {...props} goBack={false} title={<HeaderTitle title={heading} />} />;
}

export function Show({ title, ...props }: ShowProps) {
  const heading = useTitle("show", title, props.resource);
  return <RefineShow {...props} goBack={false} title={<HeaderTitle title={heading} />} />;
}
