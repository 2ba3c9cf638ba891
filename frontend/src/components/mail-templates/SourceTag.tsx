import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { MailTemplateText } from "../../../../backend/src/services/mail-templates/mail-templates.shared";

/** Where a language's text comes from: the default, or a version of GLOBAL or of the region. */
export function SourceTag({ text, language }: { text: MailTemplateText; language?: string }) {
  const { t } = useTranslation(["mail-templates", "regions"]);
  const prefix = language ? `${t(`languageNames.${language}`)}: ` : "";
  if (text.source === "default") return <Tag>{prefix + t("sources.default")}</Tag>;
  const region = t(`regions:names.${text.source}`, { defaultValue: text.source });
  return <Tag color={text.source === "GLOBAL" ? "blue" : "green"}>{prefix + t("sources.own", { version: text.version, region })}</Tag>;
}
