import { Edit } from "../../components/crud";
import { LocationForm } from "./LocationForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";
import { EditConflictView, recordNames } from "../../components/settings/EditConflictView";

export function LocationEdit() {
  const { formProps, saveButtonProps, query, form, conflict } = useVersionedForm();
  return (
    <Edit saveButtonProps={saveButtonProps} isLoading={query?.isLoading} deleteButtonProps={{ accessControl: { enabled: true, hideIfUnauthorized: true } }}>
      <EditConflictView
        conflict={conflict}
        form={form}
        ns="locations"
        display={{ buildingId: recordNames("buildings"), departmentId: recordNames("departments") }}
      />
      <LocationForm formProps={{ ...formProps, onFinish: (values) => formProps.onFinish?.({ buildingId: null, departmentId: null, ...(values as object) }) }} />
    </Edit>
  );
}
