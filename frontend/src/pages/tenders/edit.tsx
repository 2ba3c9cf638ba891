import { useCallback, useEffect, useRef, useState } from "react";
import { useOne, useUpdate } from "@refinedev/core";
import { Alert, Button, Card, Form, Space, Spin } from "antd";
import { SaveOutlined } from "@ant-design/icons";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TenderForm, toFormValues, toPatch } from "../../components/tenders/TenderForm";
import { WorkflowActions } from "../../components/tenders/WorkflowActions";
import { TenderTitle } from "../../components/tenders/TenderTitle";
import { useRegionTimeZone } from "../../components/tenders/api";
import { useEditLock } from "../../components/edit-lock/useEditLock";
import { EditLockBanner } from "../../components/edit-lock/EditLockBanner";
import { useRegionCurrency } from "../../components/settings/format";
import { isApiError } from "../../providers/api";
import { notifyError } from "../../providers/notifications";
import { missingSections, type TenderSection } from "../../components/tenders/rules";
import type { TenderDocumentRow } from "../../components/tenders/TenderDocuments";

const EDITABLE = ["DRAFT", "REJECTED"];

export function TenderEdit() {
  const { t } = useTranslation("tenders");
  const { id } = useParams();
  const navigate = useNavigate();
  const timeZone = useRegionTimeZone();
  const regionCurrency = useRegionCurrency();
  const [form] = Form.useForm();
  const lock = useEditLock("tenders", id);
  const { query } = useOne<Record<string, any>>({ resource: "tenders", id, liveMode: "off", queryOptions: { enabled: Boolean(id) } });
  const [record, setRecord] = useState<Record<string, any> | undefined>(undefined);
  const [missing, setMissing] = useState<TenderSection[]>([]);
  const [tab, setTab] = useState("general");
  const loadedId = useRef<string | undefined>(undefined);
  // How many files the conditions of contract have: part of the sections check (spec §5).
  const conditionsFiles = useRef(0);
  const onDocuments = useCallback((documents: TenderDocumentRow[]) => {
    conditionsFiles.current = documents.filter((document) => document.kind === "CONDITIONS").length;
  }, []);
  const { mutateAsync: update, mutation } = useUpdate();
  const saving = mutation.isPending;

  // The form starts from the record as first read; later refetches do not overwrite typing.
  const fetched = query.data?.data;
  useEffect(() => {
    if (fetched && loadedId.current !== String(fetched.id)) {
      loadedId.current = String(fetched.id);
      setRecord(fetched);
      form.setFieldsValue(toFormValues(fetched, timeZone));
    }
  }, [fetched, form, timeZone]);

  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  const currency = record.currency || regionCurrency;
  const editable = EDITABLE.includes(record.status) && lock.status !== "taken";

  /**
   * Saves the form as it is (a draft may be incomplete); answers the saved record's updatedAt.
   * `deleteDocs` confirms that new conditions of contract drop the former ones' files.
   */
  const save = async (extra: { deleteDocs?: boolean } = {}) => {
    const values = form.getFieldsValue(true);
    const { data } = await update({
      resource: "tenders",
      id: record.id,
      values: { ...toPatch(values, timeZone), ...extra },
      meta: { updatedAt: record.updatedAt },
      successNotification: () => ({ type: "success", message: t("done.save") }),
    });
    setRecord(data as Record<string, any>);
    // The sections still missing, by the same rule the server reports them with.
    setMissing((before) => (before.length ? missingSections(data as Record<string, any>, { conditionsFiles: conditionsFiles.current }) : before));
    return (data as Record<string, any>).updatedAt;
  };

  const onWorkflowDone = (next: Record<string, any>) => {
    setMissing([]);
    setRecord(next);
    if (!EDITABLE.includes(next.status)) navigate(`/tender/${next.id}`);
  };
  const onWorkflowError = (action: string, error: unknown) => {
    if (isApiError(error) && error.code === "MISSING_FIELDS") {
      const list = ((error.data as any)?.list ?? []) as TenderSection[];
      setMissing(list);
      if (list[0]) setTab(list[0]);
    }
    notifyError(`tenders.${action}`, error);
  };

  return (
    <Card
      title={<TenderTitle title={t("titles.edit")} record={record} />}
      extra={
        <Space wrap>
          {editable && (
            <Button icon={<SaveOutlined />} loading={saving} onClick={() => save().catch(() => undefined)} data-testid="tender-save">
              {t("actions.save")}
            </Button>
          )}
          <WorkflowActions record={record} beforeSubmit={editable ? () => save() : undefined} onDone={onWorkflowDone} onError={onWorkflowError} />
        </Space>
      }
    >
      <EditLockBanner lock={lock} />
      {record.status === "REJECTED" && record.rejectReason && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t("rejectedBecause", { reason: record.rejectReason })} />
      )}
      {missing.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="missing-fields"
          message={t("missingFields", { sections: missing.map((section) => t(`tabs.${section}`)).join(", ") })} />
      )}
      <TenderForm form={form} record={record} currency={currency} readOnly={!editable} missing={missing} activeKey={tab} onTabChange={setTab}
        onDocuments={onDocuments} onConditionsReplaced={editable ? () => save({ deleteDocs: true }) : undefined} />
    </Card>
  );
}
