import { Edit } from "../../components/crud";
import { BuildingForm } from "../../components/buildings/BuildingForm";
import { EditLockBanner } from "../../components/edit-lock/EditLockBanner";
import { useEditLock } from "../../components/edit-lock/useEditLock";
import { useVersionedForm } from "../../components/settings/useVersionedForm";
import { EditConflictView } from "../../components/settings/EditConflictView";

export function BuildingEdit() {
  const { formProps, saveButtonProps, query, id, form, conflict } = useVersionedForm();
  // One editor at a time: while someone else holds the record, this form cannot save.
  const lock = useEditLock("buildings", id);
  return (
    <Edit
      saveButtonProps={{ ...saveButtonProps, disabled: lock.status === "taken" || saveButtonProps.disabled }}
      isLoading={query?.isLoading}
      deleteButtonProps={{ accessControl: { enabled: true, hideIfUnauthorized: true } }}
    >
      <EditLockBanner lock={lock} />
      <EditConflictView conflict={conflict} form={form} ns="buildings" />
      <BuildingForm formProps={formProps} />
    </Edit>
  );
}
