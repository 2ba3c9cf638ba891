import { Button, Empty, Popconfirm, Table, Tag, Typography } from "antd";
import { RollbackOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import {
  mailTemplatesPath,
  type MailTemplateLanguage,
  type MailTemplateRecord,
  type MailTemplateVersionRow,
} from "../../../../backend/src/services/mail-templates/mail-templates.shared";
import { api } from "../../providers/api";
import { notifyError, notifySuccess } from "../../providers/notifications";
import { formatDateTime } from "../format";

/** The region's saved versions of one language, newest first; an older one is restored as a new version. */
export function VersionHistory({ template, language, onRestored }: { template: MailTemplateRecord; language: MailTemplateLanguage; onRestored: () => void }) {
  const { t } = useTranslation(["mail-templates", "common"]);
  const versions = (template.versions ?? []).filter((version) => version.language === language);
  const inUse = template.languages[language];

  const restore = async (version: number) => {
    try {
      await api(`${mailTemplatesPath}/${template.name}`, {
        method: "PATCH",
        body: { language, restore: version, updatedAt: inUse.updatedAt },
        action: `${mailTemplatesPath}.restore`,
      });
      notifySuccess(t("messages.restored"));
      onRestored();
    } catch (error) {
      notifyError(`${mailTemplatesPath}.restore`, error, template.label);
    }
  };

  return (
    <>
      <Typography.Title level={5}>{t("versions.title", { language: t(`languageNames.${language}`) })}</Typography.Title>
      <Table<MailTemplateVersionRow>
        dataSource={versions}
        rowKey="version"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("versions.empty")} /> }}
        data-testid={`template-versions-${language}`}
      >
        <Table.Column<MailTemplateVersionRow>
          dataIndex="version"
          title={t("fields.version")}
          render={(version: number, row) => (
            <>
              {version}
              {row === versions[0] && inUse.source === template.region && (
                <Tag color="green" style={{ marginInlineStart: 8 }}>
                  {t("versions.current")}
                </Tag>
              )}
            </>
          )}
        />
        <Table.Column<MailTemplateVersionRow>
          dataIndex="subject"
          title={t("fields.subject")}
          render={(subject: string | null, row) =>
            row.isDefault ? <Tag>{t("versions.default")}</Tag> : <Typography.Text ellipsis={{ tooltip: subject }}>{subject}</Typography.Text>
          }
        />
        <Table.Column<MailTemplateVersionRow> dataIndex="createdByName" title={t("fields.createdByName")} />
        <Table.Column<MailTemplateVersionRow> dataIndex="createdAt" title={t("fields.createdAt")} render={formatDateTime} />
        <Table.Column<MailTemplateVersionRow>
          dataIndex="restoredFrom"
          title={t("fields.restoredFrom")}
          render={(from: number | null) => (from ? t("versions.restored", { version: from }) : "")}
        />
        <Table.Column<MailTemplateVersionRow>
          key="restore"
          title={t("common:table.actions")}
          render={(_, row) =>
            row === versions[0] ? null : (
              <Popconfirm
                title={t("messages.confirmRestore")}
                okText={t("actions.restore")}
                cancelText={t("common:buttons.cancel")}
                onConfirm={() => void restore(row.version)}
              >
                <Button size="small" icon={<RollbackOutlined />} data-testid={`restore-version-${row.version}`}>
                  {t("actions.restore")}
                </Button>
              </Popconfirm>
            )
          }
        />
      </Table>
    </>
  );
}
