import { useEffect, useMemo, useRef, useState } from "react";
import { useOne } from "@refinedev/core";
import { Alert, Button, Card, Form, Space, Spin } from "antd";
import { SaveOutlined } from "@ant-design/icons";
import { Navigate, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TenderForm, toFormValues, toPatch } from "../../components/tenders/TenderForm";
import { AddendumActions } from "../../components/tenders/AddendumActions";
import { RevisionHistory } from "../../components/tenders/RevisionHistory";
import { ChangesTable } from "../../components/tenders/ChangesTable";
import { AddendumDocuments } from "../../components/tenders/AddendumDocuments";
import { TenderTitle } from "../../components/tenders/TenderTitle";
import { callMethod, useRegionTimeZone } from "../../components/tenders/api";
import { useEditLock } from "../../components/edit-lock/useEditLock";
import { EditLockBanner } from "../../components/edit-lock/EditLockBanner";
import { useRegionCurrency } from "../../components/settings/format";
import { isApiError } from "../../providers/api";
import { notifyError, notifySuccess } from "../../providers/notifications";
import { diffAddendum, issuedContent, missingSections, type TenderSection } from "../../components/tenders/rules";

const EDITABLE = ["DRAFT", "REJECTED"];

/** The issued line item ids: these are marked removed (D) by the addendum, never deleted. */
export const issuedItemIds = (record: Record<string, any>) =>
  new Set<string>((record.lineItemGroups ?? []).flatMap((group: any) => (group.lineItems ?? []).map((item: any) => String(item.id))));

/** The addendum's content shown in the tender form: the tender with the draft's parts over it. */
export const withDraft = (record: Record<string, any>) => ({ ...record, ...(record.addendumDraft ?? {}) });

/**
 * /tender/addendum/edit/:id: the pending addendum (DRAFT or REJECTED) edited on the tender's tabs,
 * its lines labelled N/E/D against the issued version, with its workflow and the revision history.
 */
export function AddendumEdit() {
  const { t } = useTranslation("tender-revisions");
  const { t: tt } = useTranslation("tenders");
  const { id } = useParams();
  const navigate = useNavigate();
  const timeZone = useRegionTimeZone();
  const regionCurrency = useRegionCurrency();
  const [form] = Form.useForm();
  const lock = useEditLock("tenders", id);
  const { query } = useOne<Record<string, any>>({ resource: "tenders", id, liveMode: "off", queryOptions: { enabled: Boolean(id) } });
  const [record, setRecord] = useState<Record<string, any> | undefined>(undefined);
  const [missing, setMissing] = useState<TenderSection[]>([]);
  const [tab, setTab] = useState("items");
  const [saving, setSaving] = useState(false);
  const loadedId = useRef<string | undefined>(undefined);
  const baseIds = useMemo(() => (record ? issuedItemIds(record) : new Set<string>()), [record]);

  // The form starts from the record as first read (fresh: not a cached copy from before the
  // addendum was created); later refetches do not overwrite typing.
  const fetched = query.isFetching ? undefined : query.data?.data;
  useEffect(() => {
    if (fetched && loadedId.current !== String(fetched.id)) {
      loadedId.current = String(fetched.id);
      setRecord(fetched);
      form.setFieldsValue(toFormValues(withDraft(fetched), timeZone));
    }
  }, [fetched, form, timeZone]);

  if (query.isError) return <Alert type="error" showIcon message={tt("notFound")} />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  // Route validity: only a pending addendum in DRAFT or REJECTED is edited here.
  if (!record.addendumStatus) return <Navigate to={`/tender/${record.id}`} replace />;
  if (!EDITABLE.includes(record.addendumStatus)) return <Navigate to={`/tender/addendum/${record.id}`} replace />;
  const currency = record.currency || regionCurrency;
  const editable = lock.status !== "taken";

  /** Saves the addendum as it is; the server answers the lines relabelled. Answers the saved updatedAt. */
  const save = async (quiet = false, documentIds?: number[]) => {
    setSaving(true);
    try {
      const { closingAt, validityDays, general, scope, lineItemGroups } = toPatch(form.getFieldsValue(true), timeZone);
      // The closing instant is sent only when changed here: the form reads it as a date and a
      // time option, which would round an issued closing time that is neither noon nor 17:00.
      const closing = form.isFieldsTouched(["closingDate", "closingTime"]) ? { closingAt } : {};
      const saved = await callMethod("tenders", "saveAddendum", { id: record.id, updatedAt: record.updatedAt, ...closing, validityDays, general, scope, lineItemGroups, ...(documentIds ? { documentIds } : {}) });
      setRecord(saved);
      form.setFieldValue("lineItemGroups", saved.addendumDraft?.lineItemGroups ?? []);
      setMissing((before) => (before.length ? missingSections(withDraft(saved)) : before));
      if (!quiet) notifySuccess(t("done.save"));
      return saved.updatedAt;
    } finally {
      setSaving(false);
    }
  };

  const onDone = (next: Record<string, any>) => {
    setMissing([]);
    setRecord(next);
    if (!EDITABLE.includes(next.addendumStatus)) navigate(`/tender/addendum/${next.id}`);
  };
  const onError = (action: string, error: unknown) => {
    if (isApiError(error) && error.code === "MISSING_FIELDS") {
      const list = ((error.data as any)?.list ?? []) as TenderSection[];
      setMissing(list);
      if (list[0]) setTab(list[0]);
    }
    notifyError(`tenders.${action}`, error);
  };

  return (
    <Card
      title={<TenderTitle title={t("titles.edit", { version: record.version })} record={record} />}
      extra={
        <Space wrap>
          {editable && (
            <Button icon={<SaveOutlined />} loading={saving} onClick={() => save().catch((error) => notifyError("tenders.saveAddendum", error))} data-testid="addendum-save">
              {t("actions.save")}
            </Button>
          )}
          <AddendumActions record={record} beforeSubmit={editable ? () => save(true) : undefined} onDone={onDone} onError={onError} />
        </Space>
      }
    >
      <EditLockBanner lock={lock} />
      {record.addendumStatus === "REJECTED" && record.rejectReason && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={tt("rejectedBecause", { reason: record.rejectReason })} />
      )}
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("editHint")} />
      {missing.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="missing-fields"
          message={tt("missingFields", { sections: missing.map((section) => tt(`tabs.${section}`)).join(", ") })} />
      )}
      <TenderForm form={form} record={withDraft(record)} currency={currency} readOnly={!editable} missing={missing} activeKey={tab} onTabChange={setTab}
        addendum={{ baseIds }} extraTabs={[
          { key: "changes", label: t("pendingTab"), children: <ChangesTable changes={diffAddendum(issuedContent(record), record.addendumDraft ?? issuedContent(record)).changes} pending /> },
          { key: "documents", label: t("documents.title"), children: (
            <AddendumDocuments tenderId={String(record.id)} documents={record.addendumDraft?.documents ?? []} editable={editable}
              onChange={(documentIds) => save(false, documentIds).catch((error) => notifyError("tenders.saveAddendum", error))} />
          ) },
          { key: "revisions", label: t("tab"), children: <RevisionHistory tender={record} /> },
        ]} />
    </Card>
  );
}
