import { Edit } from "../../components/crud";
import { LocationForm } from "./LocationForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";

export function LocationEdit() {
  const { formProps, saveButtonProps, query } = useVersionedForm();
  return (
    <Edit saveButtonProps={saveButtonProps} isLoading={query?.isLoading} deleteButtonProps={{ accessControl: { enabled: true, hideIfUnauthorized: true } }}>
      <LocationForm formProps={{ ...formProps, onFinish: (values) => formProps.onFinish?.({ buildingId: null, departmentId: null, ...(values as object) }) }} />
    </Edit>
  );
}
