import { useState } from "react";
import { Edit } from "../../components/crud";
import { useOne, useParsed } from "@refinedev/core";
import { Divider, Skeleton, Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import {
  mailTemplateLanguages,
  mailTemplatesPath,
  type MailTemplateLanguage,
  type MailTemplateRecord,
} from "../../../../backend/src/services/mail-templates/mail-templates.shared";
import { TemplateTextEditor } from "../../components/mail-templates/TemplateTextEditor";
import { VersionHistory } from "../../components/mail-templates/VersionHistory";

/** One mail template (issue 27 item 19): per language its text, fields, preview, test mail and versions. */
export function MailTemplateEdit() {
  const { t } = useTranslation(["mail-templates"]);
  const { id } = useParsed();
  const [language, setLanguage] = useState<MailTemplateLanguage>("en-US");
  const { result: template, query } = useOne<MailTemplateRecord>({ resource: mailTemplatesPath, id: String(id) });
  const reload = () => void query.refetch();

  return (
    <Edit title={template?.label ?? t("titles.edit")} footerButtons={() => null} headerButtons={() => null} isLoading={query.isLoading}>
      {!template ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph>
            <Typography.Text code>{template.name}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{template.description}</Typography.Paragraph>
          <Tabs
            activeKey={language}
            onChange={(key) => setLanguage(key as MailTemplateLanguage)}
            items={mailTemplateLanguages.map((code) => ({
              key: code,
              label: t(`languageNames.${code}`),
              children: <TemplateTextEditor template={template} language={code} onSaved={reload} />,
            }))}
          />
          <Divider />
          <VersionHistory template={template} language={language} onRestored={reload} />
        </>
      )}
    </Edit>
  );
}
