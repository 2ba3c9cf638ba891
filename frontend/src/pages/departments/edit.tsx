import { Edit } from "../../components/crud";
import { DepartmentForm } from "../../components/departments/DepartmentForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";

export function DepartmentEdit() {
  const { formProps, saveButtonProps, query } = useVersionedForm();
  return (
    <Edit saveButtonProps={saveButtonProps} isLoading={query?.isLoading} deleteButtonProps={{ accessControl: { enabled: true, hideIfUnauthorized: true } }}>
      <DepartmentForm formProps={formProps} />
    </Edit>
  );
}
