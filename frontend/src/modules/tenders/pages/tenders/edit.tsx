import { isStale } from "../../../../components/settings/useDialogConflict";
import { useCallback, useRef } from "react";
import { useUpdate } from "@refinedev/core";
import { Navigate, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { TenderForm } from "../../components/TenderForm";
import { toPatch } from "../../components/tender-form-values";
import { WorkflowActions } from "../../components/WorkflowActions";
import { TenderTitle } from "../../components/TenderTitle";
import { TenderEditCard, TenderEditLoading, useTenderCurrency, useTenderEditShell, useTenderElsewhere } from "../../components/TenderEditShell";
import { missingSections } from "../../components/rules";
import type { TenderDocumentRow } from "../../components/TenderDocuments";

const EDITABLE = ["DRAFT", "REJECTED"];

/** /tender/edit/:id: a DRAFT or REJECTED tender edited on its tabs and submitted; a tender in another state opens its own screen. */
export function TenderEdit() {
  const { t } = useTranslation("tenders");
  const navigate = useNavigate();
  // How many files the conditions of contract have: part of the sections check (spec §5).
  const conditionsFiles = useRef(0);
  const onDocuments = useCallback((documents: TenderDocumentRow[]) => {
    conditionsFiles.current = documents.filter((document) => document.kind === "CONDITIONS").length;
  }, []);
  const shell = useTenderEditShell({
    initialTab: "general",
    missingOf: (saved) => missingSections(saved, { conditionsFiles: conditionsFiles.current }),
    stillEditable: (next) => EDITABLE.includes(next.status),
    leaveTo: (next) => `/tender/${next.id}`,
    onLeave: navigate,
  });
  const { mutateAsync: update } = useUpdate();
  // The user confirmed replacing the conditions of contract (deleting their files): every save
  // sends that until one succeeds, so a failed save forgets neither the choice nor the confirmation.
  const replacingConditions = useRef(false);
  const currency = useTenderCurrency(shell.record);
  // A tender past its draft (issued: the health check), an addendum, a tender not for this user: its own screen.
  const elsewhere = useTenderElsewhere("edit", shell.opened);
  const { record, form, timeZone } = shell;

  if (elsewhere) return <Navigate to={elsewhere} replace />;
  if (!record) return <TenderEditLoading failed={shell.loadFailed} />;
  const editable = EDITABLE.includes(record.status) && shell.lock.status !== "taken";

  /**
   * Saves the form as it is (a draft may be incomplete); answers the saved record's updatedAt.
   * `deleteDocs` confirms that new conditions of contract drop the former ones' files.
   */
  const save = () =>
    shell.save(async (current) => {
      const { data } = await update({
        resource: "tenders",
        id: current.id,
        values: { ...toPatch(form.getFieldsValue(true), timeZone), ...(replacingConditions.current ? { deleteDocs: true } : {}) },
        meta: { updatedAt: current.updatedAt },
        successNotification: () => ({ type: "success", message: t("done.save") }),
        // A stale save is told by the conflict view (the shell's), with the choices.
        errorNotification: (error) => (isStale(error) ? false : undefined),
      });
      replacingConditions.current = false;
      return data as Record<string, any>;
    });

  return (
    <TenderEditCard
      shell={{ ...shell, record }}
      title={<TenderTitle title={t("titles.edit")} record={record} />}
      rejected={record.status === "REJECTED"}
      // Refine's update tells a failed save itself.
      saveButton={editable ? { label: t("actions.save"), testId: "tender-save", onClick: () => save().catch(() => undefined) } : undefined}
      actions={<WorkflowActions record={record} beforeSubmit={editable ? () => save() : undefined} onDone={shell.onDone} onError={shell.onError} />}
    >
      <TenderForm
        form={form}
        record={record}
        currency={currency}
        readOnly={!editable}
        missing={shell.missing}
        activeKey={shell.tab}
        onTabChange={shell.setTab}
        onValuesChange={shell.onValuesChange}
        onDocuments={onDocuments}
        onConditionsReplaced={
          editable
            ? () => {
                replacingConditions.current = true;
                return save();
              }
            : undefined
        }
      />
    </TenderEditCard>
  );
}
