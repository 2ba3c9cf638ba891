import { useOne } from "@refinedev/core";
import { Alert, Button, Card, Space, Spin } from "antd";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { CreateAddendumButton } from "./AddendumActions";
import { RevisionHistory } from "./RevisionHistory";
import { TenderTitle } from "./TenderTitle";
import { useTenderActor } from "./api";
import { permitted, tenderStatusText, type TenderState } from "./rules";

/**
 * /summary/:id/addendum ("addendum summary", spec §2): the revision history of an issued tender,
 * the pending addendum if any (with a link to it), and "Create addendum" for the person in charge.
 */
export function AddendumSummary() {
  const { t } = useTranslation("tender-revisions");
  const { t: tt } = useTranslation("tenders");
  const { id } = useParams();
  const actor = useTenderActor();
  const { query } = useOne<Record<string, any>>({ resource: "tenders", id, queryOptions: { enabled: Boolean(id) } });
  const record = query.data?.data;
  if (query.isError) return <Alert type="error" showIcon message={tt("notFound")} />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  const inCharge = Boolean(
    actor &&
    permitted(
      {
        status: record.status as TenderState,
        managedBy: record.managedBy,
        approverId: record.approverId,
        version: record.version,
        closingAt: record.closingAt,
      },
      actor,
      "update",
    ),
  );
  const pendingPath =
    ["DRAFT", "REJECTED"].includes(record.addendumStatus) && inCharge ? `/tender/addendum/edit/${record.id}` : `/tender/addendum/${record.id}`;
  const pendingText = record.addendumStatus ? tenderStatusText(record.addendumStatus as TenderState, Number(record.version)) : "";

  return (
    <Card title={<TenderTitle title={t("titles.summary")} record={record} />} extra={<CreateAddendumButton record={record} />} data-testid="addendum-summary">
      {record.addendumStatus && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="addendum-pending"
          message={t("pending", { version: record.version, status: tt(`status.${pendingText}`, { defaultValue: pendingText }) })}
          action={
            <Space>
              <Link to={pendingPath}>
                <Button size="small" type="primary">
                  {t("actions.open")}
                </Button>
              </Link>
            </Space>
          }
        />
      )}
      <RevisionHistory tender={record} canComment={inCharge} />
    </Card>
  );
}
