import { useState } from "react";
import { useCan, useList, type BaseRecord } from "@refinedev/core";
import { Alert, Button, Modal, Space, Table, Tag, Typography } from "antd";
import { CheckCircleOutlined, LinkOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../components/format";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { ContactLinkForm } from "./ContactLinkForm";
import { confirmContacts, contactName, contactRoles, firstOf, mayUnlink, unlinkContact } from "./tenancyContacts";

/** Who confirmed the tenancy's contacts and when, and whether a confirmation is due (spec §3 confirmor, confirmedBy, confirmedAt). */
export function ContactsConfirmation({ record }: { record: Record<string, any> }) {
  const { t } = useTranslation("tenancies");
  return (
    <Space wrap data-testid="contacts-confirmation">
      {record.contactsStale ? <Tag color="orange">{t("contacts.stale")}</Tag> : <Tag color="green">{t("contacts.upToDate")}</Tag>}
      <Typography.Text type="secondary">
        {record.confirmedAt ? t("contacts.confirmedBy", { name: record.confirmor, at: formatDateTime(record.confirmedAt) }) : t("contacts.neverConfirmed")}
      </Typography.Text>
    </Space>
  );
}

/**
 * The "all contacts" tab of a tenancy (spec tenancy tabs): its contacts with their roles, the
 * primary circular contact and the emergency call orders in and out of office hours. Staff with
 * "link contacts" link, change and unlink (circular, emergency and marketing contacts stay
 * linked); a tenant (and staff) confirm the list is right.
 */
export function ContactsTab({ record, onChanged, staff }: { record: Record<string, any>; onChanged: () => void; staff: boolean }) {
  const { t } = useTranslation("tenancies");
  const { data: mayLink } = useCan({ resource: "tenancies", action: "linkContacts" });
  const canLink = staff && Boolean(mayLink?.can);
  const [editing, setEditing] = useState<Record<string, any> | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const links = useList<BaseRecord>({
    resource: "tenancy-contacts",
    filters: [{ field: "tenancyId", operator: "eq", value: record.id }],
    pagination: { pageSize: 100, mode: "server" },
  });
  const refresh = () => {
    void links.query.refetch();
    onChanged();
  };
  const unlink = (link: Record<string, any>) =>
    Modal.confirm({
      title: t("contacts.unlinkTitle", { name: contactName(link.contact) }),
      okText: t("contacts.unlink"),
      okButtonProps: { danger: true },
      cancelText: t("actions.cancel"),
      onOk: async () => {
        try {
          await unlinkContact(link.id);
          notifySuccess(t("contacts.unlinked"));
          refresh();
        } catch (error) {
          notifyError("tenancy-contacts.remove", error);
        }
      },
    });
  const confirm = async () => {
    try {
      await confirmContacts(record.id);
      notifySuccess(t("contacts.confirmed"));
      refresh();
    } catch (error) {
      notifyError("tenancy-contacts.confirm", error);
    }
  };
  const columns = [
    {
      title: t("contacts.contact"),
      key: "name",
      render: (_: unknown, link: BaseRecord) => (
        <Space direction="vertical" size={0}>
          <Space wrap size={4}>
            <span>{contactName(link.contact)}</span>
            {link.cPrimary && <Tag color="blue">{t("contacts.primary")}</Tag>}
          </Space>
          {link.contact?.position && <Typography.Text type="secondary">{link.contact.position}</Typography.Text>}
        </Space>
      ),
    },
    { title: t("contacts.phone"), key: "phone", render: (_: unknown, link: BaseRecord) => firstOf(link.contact, "PHONE") },
    { title: t("contacts.email"), key: "email", render: (_: unknown, link: BaseRecord) => firstOf(link.contact, "EMAIL") },
    {
      title: t("contacts.roles"),
      key: "roles",
      render: (_: unknown, link: BaseRecord) => (
        <Space wrap size={4}>
          {contactRoles
            .filter((role) => link[role])
            .map((role) => (
              <Tag key={role}>{t(`contacts.role.${role}`)}</Tag>
            ))}
        </Space>
      ),
    },
    { title: t("contacts.workingHourOrder"), dataIndex: "workingHourOrder", render: (value: number | null) => value ?? "" },
    { title: t("contacts.nonWorkingHourOrder"), dataIndex: "nonWorkingHourOrder", render: (value: number | null) => value ?? "" },
    ...(canLink
      ? [
          {
            key: "actions",
            render: (_: unknown, link: BaseRecord) => (
              <Space wrap size={4}>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(link);
                    setFormOpen(true);
                  }}
                >
                  {t("contacts.edit")}
                </Button>
                <Button
                  size="small"
                  danger
                  disabled={!mayUnlink(link as never)}
                  title={mayUnlink(link as never) ? undefined : t("errors:code.CONTACT_ROLE_LINKED")}
                  onClick={() => unlink(link)}
                >
                  {t("contacts.unlink")}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Space direction="vertical" style={{ width: "100%" }} size="middle">
      <Space wrap style={{ justifyContent: "space-between", width: "100%" }}>
        <ContactsConfirmation record={record} />
        <Space wrap>
          {(!staff || canLink) && (
            <Button icon={<CheckCircleOutlined />} onClick={() => void confirm()} data-testid="confirm-contacts">
              {t("contacts.confirm")}
            </Button>
          )}
          {canLink && (
            <Button
              type="primary"
              icon={<LinkOutlined />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              data-testid="link-contact"
            >
              {t("contacts.link")}
            </Button>
          )}
        </Space>
      </Space>
      {!staff && record.contactsStale && <Alert type="warning" showIcon message={t("contacts.pleaseConfirm")} />}
      <Table
        data-testid="tenancy-contacts"
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 760 }}
        loading={links.query.isLoading}
        dataSource={links.result?.data ?? []}
        locale={{ emptyText: t("contacts.none") }}
        columns={columns}
      />
      {canLink && <ContactLinkForm tenancy={record} link={editing} open={formOpen} onClose={() => setFormOpen(false)} onSaved={refresh} />}
    </Space>
  );
}
