import { Tag } from "antd";
import { useTranslation } from "react-i18next";

const colors: Record<string, string> = { DRAFT: "default", ACTIVE: "blue", COMPLETED: "green", CANCELLED: "red" };

/** A project's status as a tag, in the reader's language. */
export function ProjectStatus({ status }: { status: string }) {
  const { t } = useTranslation("projects");
  return (
    <Tag color={colors[status] ?? "default"} data-testid="project-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
