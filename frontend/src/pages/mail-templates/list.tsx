import { useState } from "react";
import { List } from "@refinedev/antd";
import { useList, useNavigation } from "@refinedev/core";
import { Alert, Button, Input, Space, Table, Typography } from "antd";
import { EditOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { mailTemplateLanguages, mailTemplatesPath, type MailTemplateRecord } from "../../../../backend/src/services/mail-templates/mail-templates.shared";
import { SourceTag } from "../../components/mail-templates/SourceTag";

/** Every mail template of the platform and the modules (issue 27 item 19), as the region uses it. */
export function MailTemplateList() {
  const { t } = useTranslation(["mail-templates", "common"]);
  const { edit, editUrl } = useNavigation();
  const [search, setSearch] = useState("");
  const { result, query } = useList<MailTemplateRecord>({ resource: mailTemplatesPath, pagination: { mode: "off" } });
  const words = search.trim().toLowerCase();
  const rows = (result?.data ?? []).filter(
    (template) => !words || [template.name, template.label, template.description].some((text) => text.toLowerCase().includes(words)),
  );

  return (
    <List>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Alert type="info" showIcon message={t("intro")} />
        <Input.Search
          allowClear
          placeholder={t("search")}
          aria-label={t("search")}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 360 }}
        />
        <Table<MailTemplateRecord> dataSource={rows} rowKey="id" loading={query.isLoading} pagination={false} size="middle" scroll={{ x: true }}>
          <Table.Column<MailTemplateRecord>
            dataIndex="label"
            title={t("fields.label")}
            render={(label: string, record) => (
              <Space direction="vertical" size={0}>
                <Link to={editUrl(mailTemplatesPath, record.id)}>
                  <Typography.Text strong style={{ color: "inherit" }}>
                    {label}
                  </Typography.Text>
                </Link>
                <Typography.Text type="secondary" code>
                  {record.name}
                </Typography.Text>
              </Space>
            )}
          />
          <Table.Column<MailTemplateRecord> dataIndex="description" title={t("fields.description")} responsive={["md"]} />
          <Table.Column<MailTemplateRecord>
            key="languages"
            title={t("fields.source")}
            render={(_, record) => (
              <Space direction="vertical" size={2}>
                {mailTemplateLanguages.map((language) => (
                  <SourceTag key={language} text={record.languages[language]} language={language} />
                ))}
              </Space>
            )}
          />
          <Table.Column<MailTemplateRecord>
            key="actions"
            title={t("common:table.actions")}
            width={80}
            render={(_, record) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`${t("actions.edit")} ${record.label}`}
                onClick={() => edit(mailTemplatesPath, record.id)}
              />
            )}
          />
        </Table>
      </Space>
    </List>
  );
}
