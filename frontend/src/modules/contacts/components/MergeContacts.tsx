import { useEffect, useState } from "react";
import { useCan, useInvalidate, useOne } from "@refinedev/core";
import { Alert, Button, Card, Col, Descriptions, Popconfirm, Row, Space, Tag, Typography } from "antd";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ContactSelect } from "./ContactSelect";
import { NoPermission } from "../../../components/guards/NoPermission";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";

type Contact = {
  id: number;
  firstName: string;
  lastName: string;
  companyName?: string;
  position?: string | null;
  updatedAt: string;
  channels?: Array<{ kind: string; value: string }>;
};

const nameOf = (contact?: Contact) => (contact ? `${contact.firstName} ${contact.lastName}`.trim() : "");

function ContactCard({ contact, title, color }: { contact?: Contact; title: string; color: string }) {
  const { t } = useTranslation("ccdcontacts");
  return (
    <Card size="small" title={<Tag color={color}>{title}</Tag>} data-testid={`merge-${color}`}>
      {contact && (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t("fields.name")}>{nameOf(contact)}</Descriptions.Item>
          <Descriptions.Item label={t("fields.companyName")}>{contact.companyName}</Descriptions.Item>
          <Descriptions.Item label={t("fields.position")}>{contact.position ?? "—"}</Descriptions.Item>
          {(contact.channels ?? []).map((channel, index) => (
            <Descriptions.Item key={index} label={t(`kinds.${channel.kind}`)}>
              {channel.value}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
}

/**
 * Merge (issue 11 item 4): another contact is folded into this one. Both are shown side by side;
 * the server keeps every link and role of the removed one and writes one audit row.
 */
export function MergeContacts() {
  const { t } = useTranslation("ccdcontacts");
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [otherId, setOtherId] = useState<number | undefined>(Number(params.get("other")) || undefined);
  const [busy, setBusy] = useState(false);
  // Once merged the other contact is gone: its card is not read again (a 404 said "Could not load the contact" after the success).
  const [merged, setMerged] = useState(false);
  const { data: may } = useCan({ resource: "ccdcontacts", action: "merge" });
  const keep = useOne<Contact>({ resource: "ccdcontacts", id: id!, liveMode: "auto" });
  const other = useOne<Contact>({ resource: "ccdcontacts", id: otherId!, liveMode: "off", queryOptions: { enabled: Boolean(otherId) && !merged } });
  const kept = keep.result ?? keep.query?.data?.data;
  const removed = otherId ? (other.result ?? other.query?.data?.data) : undefined;
  useEffect(() => setOtherId(Number(params.get("other")) || undefined), [params]);

  if (may && !may.can) return <NoPermission />;
  const submit = async () => {
    if (!kept || !removed) return;
    setBusy(true);
    // Not read while the merge runs: its removal is heard live before the answer.
    setMerged(true);
    try {
      await api("ccdcontacts", {
        method: "POST",
        body: { id: kept.id, mergeId: removed.id, updatedAt: kept.updatedAt },
        headers: { "X-Service-Method": "merge" },
        action: "ccdcontacts.merge",
      });
      notifySuccess(t("merge.done"));
      // To the surviving contact; the lists and its own record are read again, not the removed one's.
      navigate(`/ccdcontacts/detail/${kept.id}`);
      await invalidate({ resource: "ccdcontacts", invalidates: ["list"] });
      await invalidate({ resource: "ccdcontacts", invalidates: ["detail"], id: kept.id });
    } catch (error) {
      setMerged(false);
      notifyError("ccdcontacts.merge", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t("titles.merge")}
        </Typography.Title>
      }
      extra={kept && <Link to={`/ccdcontacts/detail/${kept.id}`}>{nameOf(kept)}</Link>}
    >
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        <Alert type="info" showIcon message={t("merge.help")} />
        <div>
          <Typography.Text strong>{t("merge.other")}</Typography.Text>
          <ContactSelect
            data-testid="merge-other"
            exclude={kept ? [kept.id] : []}
            style={{ width: "100%", marginTop: 8 }}
            value={otherId}
            onChange={(value) => setOtherId(value as number | undefined)}
          />
        </div>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <ContactCard contact={kept} title={t("merge.keep")} color="green" />
          </Col>
          <Col xs={24} md={12}>
            <ContactCard contact={removed} title={t("merge.removed")} color="red" />
          </Col>
        </Row>
        <Popconfirm
          title={t("merge.confirm", { other: nameOf(removed), keep: nameOf(kept) })}
          onConfirm={submit}
          disabled={!removed || removed.id === kept?.id}
        >
          <Button type="primary" danger loading={busy} disabled={!removed || removed.id === kept?.id}>
            {t("merge.submit")}
          </Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}
