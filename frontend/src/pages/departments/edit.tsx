import { Edit } from "../../components/crud";
import { DepartmentForm } from "../../components/departments/DepartmentForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";
import { EditConflictView, recordNames } from "../../components/settings/EditConflictView";

export function DepartmentEdit() {
  const { formProps, saveButtonProps, query, form, conflict } = useVersionedForm();
  return (
    <Edit saveButtonProps={saveButtonProps} isLoading={query?.isLoading} deleteButtonProps={{ accessControl: { enabled: true, hideIfUnauthorized: true } }}>
      <EditConflictView
        conflict={conflict}
        form={form}
        ns="departments"
        display={{ siteIds: recordNames("sites"), buildingIds: recordNames("buildings"), userIds: recordNames("users") }}
      />
      <DepartmentForm formProps={formProps} />
    </Edit>
  );
}
