import { isStale } from "../../../../components/settings/useDialogConflict";
import { useMemo } from "react";
import { Alert } from "antd";
import { Navigate, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { TenderForm } from "../../components/TenderForm";
import { toPatch } from "../../components/tender-form-values";
import { AddendumActions } from "../../components/AddendumActions";
import { RevisionHistory } from "../../components/RevisionHistory";
import { ChangesTable } from "../../components/ChangesTable";
import { AddendumDocuments } from "../../components/AddendumDocuments";
import { TenderTitle } from "../../components/TenderTitle";
import { callMethod } from "../../components/api";
import { TenderEditCard, TenderEditLoading, useTenderCurrency, useTenderEditShell } from "../../components/TenderEditShell";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { diffAddendum, issuedContent, missingSections } from "../../components/rules";

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
  const navigate = useNavigate();
  const shell = useTenderEditShell({
    initialTab: "items",
    content: withDraft,
    missingOf: (saved) => missingSections(withDraft(saved)),
    stillEditable: (next) => EDITABLE.includes(next.addendumStatus),
    leaveTo: (next) => `/tender/addendum/${next.id}`,
    onLeave: navigate,
  });
  const { record, form, timeZone } = shell;
  const currency = useTenderCurrency(record);
  const baseIds = useMemo(() => (record ? issuedItemIds(record) : new Set<string>()), [record]);

  if (!record) return <TenderEditLoading failed={shell.loadFailed} />;
  // Route validity: only a pending addendum in DRAFT or REJECTED is edited here.
  if (!record.addendumStatus) return <Navigate to={`/tender/${record.id}`} replace />;
  if (!EDITABLE.includes(record.addendumStatus)) return <Navigate to={`/tender/addendum/${record.id}`} replace />;
  const editable = shell.lock.status !== "taken";

  /** Saves the addendum as it is; the server answers the lines relabelled. Answers the saved updatedAt. */
  const save = (quiet = false, documentIds?: number[]) =>
    shell.save(async (current) => {
      const { closingAt, validityDays, general, scope, lineItemGroups } = toPatch(form.getFieldsValue(true), timeZone);
      // The closing instant is sent only when changed here: the form reads it as a date and a
      // time option, which would round an issued closing time that is neither noon nor 17:00.
      const closing = form.isFieldsTouched(["closingDate", "closingTime"]) ? { closingAt } : {};
      const saved = await callMethod("tenders", "saveAddendum", {
        id: current.id,
        updatedAt: current.updatedAt,
        ...closing,
        validityDays,
        general,
        scope,
        lineItemGroups,
        ...(documentIds ? { documentIds } : {}),
      });
      form.setFieldValue("lineItemGroups", saved.addendumDraft?.lineItemGroups ?? []);
      if (!quiet) notifySuccess(t("done.save"));
      return saved;
    });
  // A stale save is told by the conflict view (the shell's), with the choices.
  const saveLoudly = (documentIds?: number[]) =>
    save(false, documentIds).catch((error) => {
      if (!isStale(error)) notifyError("tenders.saveAddendum", error);
    });

  return (
    <TenderEditCard
      shell={{ ...shell, record }}
      title={<TenderTitle title={t("titles.edit", { version: record.version })} record={record} />}
      rejected={record.addendumStatus === "REJECTED"}
      saveButton={editable ? { label: t("actions.save"), testId: "addendum-save", onClick: () => saveLoudly() } : undefined}
      actions={<AddendumActions record={record} beforeSubmit={editable ? () => save(true) : undefined} onDone={shell.onDone} onError={shell.onError} />}
      notices={<Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("editHint")} />}
    >
      <TenderForm
        form={form}
        record={withDraft(record)}
        currency={currency}
        readOnly={!editable}
        missing={shell.missing}
        activeKey={shell.tab}
        onTabChange={shell.setTab}
        onValuesChange={shell.onValuesChange}
        addendum={{ baseIds }}
        extraTabs={[
          {
            key: "changes",
            label: t("pendingTab"),
            children: <ChangesTable changes={diffAddendum(issuedContent(record), record.addendumDraft ?? issuedContent(record)).changes} pending />,
          },
          {
            key: "documents",
            label: t("documents.title"),
            children: (
              <AddendumDocuments tenderId={String(record.id)} documents={record.addendumDraft?.documents ?? []} editable={editable} onChange={saveLoudly} />
            ),
          },
          { key: "revisions", label: t("tab"), children: <RevisionHistory tender={record} /> },
        ]}
      />
    </TenderEditCard>
  );
}
