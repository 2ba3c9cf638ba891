import { useMemo } from "react";
import { Edit } from "../../../../components/crud";
import { Form, Modal } from "antd";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useVersionedForm } from "../../../../components/settings/useVersionedForm";
import { EditConflictView } from "../../../../components/settings/EditConflictView";
import { TenancyForm, toFormValues, toPayload, type TenancyFormValues } from "../../components/TenancyForm";
import { tenancyConflictDisplay } from "../../components/tenancyConflict";
import { EditLockBanner } from "../../../../components/edit-lock/EditLockBanner";
import { useEditLock } from "../../../../components/edit-lock/useEditLock";

/**
 * Edit a tenancy record (spec /tenancies/edit/{id}). The version read goes with the save (410
 * when someone else saved meanwhile); a new company name is confirmed first (spec §5), and the
 * server asks for that confirmation too (428). A save someone else's overtook keeps the typing and
 * shows what they changed, field by field, to choose from (EditConflictView). While the form is
 * open its user holds the record's edit lock: another editor is told who edits it and cannot save.
 */
export function TenancyEdit() {
  const { t } = useTranslation("tenancies");
  const { id } = useParams();
  const lock = useEditLock("tenancies", id);
  const { formProps, saveButtonProps, form, query, conflict } = useVersionedForm<Record<string, any>>(
    { resource: "tenancies", action: "edit", id, redirect: "show" },
    { toForm: toFormValues },
  );
  const loadedRecord = query?.data?.data;
  // The version the next save goes on: after a conflict, the one saved meanwhile.
  const record = (conflict?.theirs as Record<string, any> | undefined) ?? loadedRecord;
  const display = useMemo(() => tenancyConflictDisplay(t), [t]);
  const initialValues = useMemo(() => (loadedRecord ? toFormValues(loadedRecord) : undefined), [loadedRecord]);

  const save = (values: TenancyFormValues) => {
    const payload = toPayload(values, "edit");
    const renamed = typeof payload.companyName === "string" && payload.companyName.trim() !== record?.companyName;
    if (!renamed) {
      delete payload.companyName;
      return formProps.onFinish?.(payload);
    }
    Modal.confirm({
      title: t("confirm.companyNameTitle"),
      content: t("confirm.companyName", { from: record?.companyName, to: String(payload.companyName).trim() }),
      okText: t("actions.confirm"),
      cancelText: t("actions.cancel"),
      onOk: () => formProps.onFinish?.({ ...payload, confirmCompanyName: true }),
    });
  };

  return (
    <Edit title={t("titles.edit")} saveButtonProps={{ ...saveButtonProps, disabled: lock.status === "taken" || saveButtonProps.disabled }} isLoading={!record}>
      <EditLockBanner lock={lock} />
      <EditConflictView
        conflict={conflict}
        form={form}
        ns="tenancies"
        labels={{ hours: t("sections.openingHours"), premises: t("sections.premises") }}
        display={display}
      />
      {/* Drawn once the record is there: the form starts from it (its initial values), not from an empty
          form filled in afterwards, which a fast answer could overtake and leave empty. */}
      {initialValues && (
        <Form {...formProps} initialValues={initialValues} layout="vertical" onFinish={(values) => save(values as TenancyFormValues)}>
          <TenancyForm form={form} mode="edit" />
        </Form>
      )}
    </Edit>
  );
}
