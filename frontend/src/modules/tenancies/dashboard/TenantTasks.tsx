import { useState } from "react";
import { Badge, Button, Card, Col, Empty, List, Popconfirm, Row, Space, Tag, Typography } from "antd";
import { CheckCircleOutlined, MailOutlined, ShopOutlined, TeamOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { StatusTag } from "../../../components/StatusTag";
import { formatDate } from "../../../components/format";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { useSession } from "../../../providers/session";
import { mayManageAccount, tenancyAccountsPath } from "../../../../../backend/src/modules/tenancies/services/tenancy-accounts/tenancy-accounts.shared";
import type { ContactsTask, InvitationTask, TenancyItem } from "../../../../../backend/src/modules/tenancies/services/tenant-tasks/tenant-tasks.shared";
import { confirmContacts } from "../components/tenancyContacts";
import { useTenantTasks } from "./useTenantTasks";

const tenancyName = (item: { companyName: string; tradeName: string | null }) => [item.companyName, item.tradeName].filter(Boolean).join(" · ");

/** A card's title with how many wait, so the count reads before the list. */
function Titled({ title, count, testId }: { title: string; count?: number; testId: string }) {
  return (
    <Space>
      <span>{title}</span>
      {count !== undefined && <Badge count={count} showZero color={count ? "orange" : "green"} data-testid={`${testId}-count`} />}
    </Space>
  );
}

/**
 * The tenant dashboard (spec §2 tenants /dashboard, issue 11 item 9): what the tenant must do,
 * from one call counted within its rights. Contacts to confirm (confirm here or open the
 * tenancy's contacts), invitations not yet taken up (resend the expired ones) for the master
 * account and sub-admins, and its tenancy records. A part the account may not see is not shown;
 * an account that may see none of them is told why, instead of a dead end.
 */
export function TenantTaskPanels() {
  const { t } = useTranslation(["tenant-tasks", "tenancies"]);
  const { tasks, loading, refetch } = useTenantTasks();
  const me = useSession((s) => s.user);
  const [busy, setBusy] = useState<string | null>(null);

  const confirm = async (item: ContactsTask) => {
    setBusy(`confirm:${item.tenancyId}`);
    try {
      await confirmContacts(item.tenancyId);
      notifySuccess(t("contactsConfirmed", { name: tenancyName(item) }));
      await refetch();
    } catch (error) {
      notifyError("tenancy-contacts.confirm", error);
    } finally {
      setBusy(null);
    }
  };

  const resend = async (item: InvitationTask) => {
    setBusy(`invite:${item.id}`);
    try {
      await api(tenancyAccountsPath, {
        method: "POST",
        body: { id: item.id, updatedAt: item.updatedAt },
        headers: { "X-Service-Method": "invite" },
        action: "tenancy-accounts.invite",
      });
      notifySuccess(t("invitationResent", { name: item.displayName }));
      await refetch();
    } catch (error) {
      notifyError("tenancy-accounts.invite", error);
    } finally {
      setBusy(null);
    }
  };

  const actor = me ? { id: Number(me.id), userType: me.userType, tenancyPerms: me.tenancyPerms ?? [] } : undefined;
  const mayResend = (item: InvitationTask) =>
    Boolean(actor && mayManageAccount(actor, { id: item.id, userType: item.userType, tenancyPerms: item.tenancyPerms }));

  if (loading) return <Card loading data-testid="tenant-tasks-loading" />;
  if (!tasks) return null;
  const { contacts, invitations, tenancies } = tasks;
  if (!contacts && !invitations && !tenancies) {
    return (
      <Card title={t("title")} data-testid="tenant-tasks-none">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("noParts")} />
      </Card>
    );
  }
  const parts = [contacts, invitations, tenancies].filter(Boolean).length;
  const span = { xs: 24, lg: parts === 1 ? 24 : parts === 2 ? 12 : 8 };

  return (
    <Row gutter={[16, 16]} data-testid="tenant-tasks">
      {contacts && (
        <Col {...span}>
          <Card
            title={<Titled title={t("contactsTitle")} count={contacts.count} testId="task-contacts" />}
            extra={<CheckCircleOutlined />}
            data-testid="task-contacts"
          >
            <Typography.Paragraph type="secondary">{t("contactsHelp", { days: contacts.days })}</Typography.Paragraph>
            <List<ContactsTask>
              // Keyed by record: a tenancy arriving live must not take over another's open confirmation.
              rowKey="tenancyId"
              // The buttons under the names: a name squeezed beside them breaks a word a line at 390 px.
              itemLayout="vertical"
              dataSource={contacts.items}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("contactsNone")} /> }}
              renderItem={(item) => (
                <List.Item
                  data-testid={`contacts-task-${item.tenancyId}`}
                  actions={[
                    <Popconfirm
                      key="confirm"
                      title={t("confirmContactsTitle", { name: tenancyName(item) })}
                      okText={t("confirmContacts")}
                      cancelText={t("cancel")}
                      onConfirm={() => confirm(item)}
                    >
                      <Button size="small" type="primary" loading={busy === `confirm:${item.tenancyId}`} data-testid="confirm-contacts">
                        {t("confirmContacts")}
                      </Button>
                    </Popconfirm>,
                    <Link key="open" to={`/tenants/tenancies/${item.tenancyId}?tab=allContacts`}>
                      {t("reviewContacts")}
                    </Link>,
                  ]}
                >
                  <List.Item.Meta
                    title={tenancyName(item)}
                    description={
                      <Space size={4} wrap>
                        {item.buildingCode && <Tag>{item.buildingCode}</Tag>}
                        <Typography.Text type="secondary">
                          {item.confirmedAt ? t("lastConfirmed", { date: formatDate(item.confirmedAt) }) : t("neverConfirmed")}
                        </Typography.Text>
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
            {contacts.count > contacts.items.length && <Link to="/tenants/allTenancyRecs">{t("more", { count: contacts.count - contacts.items.length })}</Link>}
          </Card>
        </Col>
      )}
      {invitations && (
        <Col {...span}>
          <Card
            title={<Titled title={t("invitationsTitle")} count={invitations.count} testId="task-invitations" />}
            extra={<TeamOutlined />}
            data-testid="task-invitations"
          >
            <List<InvitationTask>
              rowKey="id"
              dataSource={invitations.items}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("invitationsNone")} /> }}
              renderItem={(item) => (
                <List.Item
                  data-testid={`invitation-task-${item.id}`}
                  actions={
                    item.expired && mayResend(item)
                      ? [
                          <Button
                            key="resend"
                            size="small"
                            icon={<MailOutlined />}
                            loading={busy === `invite:${item.id}`}
                            onClick={() => resend(item)}
                            data-testid="resend-invitation"
                          >
                            {t("resend")}
                          </Button>,
                        ]
                      : []
                  }
                >
                  <List.Item.Meta
                    title={item.displayName}
                    description={
                      <Space size={4} wrap>
                        <Typography.Text type="secondary">{item.email}</Typography.Text>
                        {item.expired ? (
                          <Tag color="orange">{t("expired")}</Tag>
                        ) : (
                          <Typography.Text type="secondary">{t("invitedOn", { date: formatDate(item.invitedAt) })}</Typography.Text>
                        )}
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
            <Space wrap>
              {invitations.count > invitations.items.length && (
                <Typography.Text type="secondary">{t("more", { count: invitations.count - invitations.items.length })}</Typography.Text>
              )}
              <Link to="/tenants/users">{t("userManagement")}</Link>
            </Space>
          </Card>
        </Col>
      )}
      {tenancies && (
        <Col {...span}>
          <Card
            title={<Titled title={t("tenanciesTitle")} testId="task-tenancies" />}
            extra={<Link to="/tenants/allTenancyRecs">{t("allTenancies", { count: tenancies.count })}</Link>}
            data-testid="task-tenancies"
          >
            <List<TenancyItem>
              rowKey="id"
              dataSource={tenancies.items}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("tenanciesNone")} /> }}
              renderItem={(item) => (
                <List.Item extra={<StatusTag status={item.status} resource="tenancies" />}>
                  <List.Item.Meta
                    avatar={<ShopOutlined />}
                    title={<Link to={`/tenants/tenancies/${item.id}`}>{tenancyName(item)}</Link>}
                    description={[item.buildingCode, t(`tenancies:types.${item.type}`, { defaultValue: item.type })].filter(Boolean).join(" · ")}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      )}
    </Row>
  );
}
