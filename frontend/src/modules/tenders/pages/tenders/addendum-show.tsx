import { useEffect, useMemo, useState } from "react";
import { useOne } from "@refinedev/core";
import { Alert, Button, Card, Form, Space, Spin } from "antd";
import { EditOutlined } from "@ant-design/icons";
import { Link, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TenderForm } from "../../components/TenderForm";
import { toFormValues } from "../../components/tender-form-values";
import { AddendumActions } from "../../components/AddendumActions";
import { RevisionHistory } from "../../components/RevisionHistory";
import { ChangesTable } from "../../components/ChangesTable";
import { AddendumDocuments } from "../../components/AddendumDocuments";
import { TenderTitle } from "../../components/TenderTitle";
import { useRegionTimeZone, useTenderActor } from "../../components/api";
import { useRegionCurrency } from "../../../../components/settings/format";
import { diffAddendum, issuedContent, permitted, type TenderState } from "../../components/rules";
import { issuedItemIds, withDraft } from "./addendum-edit";

/**
 * /tender/addendum/:id: the addendum read-only. With an addendum pending, its draft (pending
 * labels) and its workflow buttons (the approver approves or rejects here); otherwise the latest
 * issued version with its N/E/D labels. The revision history is a tab of its own.
 */
export function AddendumShow() {
  const { t } = useTranslation("tender-revisions");
  const { t: tt } = useTranslation("tenders");
  const { id } = useParams();
  const navigate = useNavigate();
  const timeZone = useRegionTimeZone();
  const regionCurrency = useRegionCurrency();
  const actor = useTenderActor();
  const [form] = Form.useForm();
  const { query } = useOne<Record<string, any>>({ resource: "tenders", id, queryOptions: { enabled: Boolean(id) } });
  const record = query.data?.data;
  const [tab, setTab] = useState<string | undefined>(undefined);
  const baseIds = useMemo(() => (record ? issuedItemIds(record) : new Set<string>()), [record]);

  useEffect(() => {
    if (record) form.setFieldsValue(toFormValues(withDraft(record), timeZone));
  }, [record, form, timeZone]);

  if (query.isError) return <Alert type="error" showIcon message={tt("notFound")} />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  const currency = record.currency || regionCurrency;
  const editable = ["DRAFT", "REJECTED"].includes(record.addendumStatus);
  // What the pending addendum changes against the issued version: what the approver decides on.
  const pendingChanges = record.addendumDraft
    ? [
        {
          key: "changes",
          label: t("pendingTab"),
          children: <ChangesTable changes={diffAddendum(issuedContent(record), record.addendumDraft).changes} pending />,
        },
        {
          key: "documents",
          label: t("documents.title"),
          children: <AddendumDocuments tenderId={String(record.id)} documents={record.addendumDraft.documents ?? []} />,
        },
      ]
    : [];
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

  return (
    <Card
      title={<TenderTitle title={t("titles.show", { version: record.version })} record={record} />}
      extra={
        <Space wrap>
          {editable && inCharge && (
            <Link to={`/tender/addendum/edit/${record.id}`}>
              <Button icon={<EditOutlined />} data-testid="addendum-edit">
                {t("actions.edit")}
              </Button>
            </Link>
          )}
          <AddendumActions
            record={record}
            onDone={(next) => {
              if (["DRAFT", "REJECTED"].includes(next.addendumStatus) && inCharge) navigate(`/tender/addendum/edit/${next.id}`);
              else void query.refetch();
            }}
          />
          <Link to={`/tender/${record.id}`}>
            <Button data-testid="tender-view">{t("actions.openTender")}</Button>
          </Link>
        </Space>
      }
    >
      {record.addendumStatus === "REJECTED" && record.rejectReason && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={tt("rejectedBecause", { reason: record.rejectReason })} />
      )}
      {!record.addendumStatus && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("latestIssued", { version: record.version })} />}
      <TenderForm
        form={form}
        record={withDraft(record)}
        currency={currency}
        readOnly
        activeKey={tab ?? (record.addendumDraft ? "changes" : "items")}
        onTabChange={setTab}
        addendum={{ baseIds }}
        extraTabs={[...pendingChanges, { key: "revisions", label: t("tab"), children: <RevisionHistory tender={record} canComment={inCharge} /> }]}
      />
    </Card>
  );
}
