import { Create } from "../../components/crud";
import { DepartmentForm } from "../../components/departments/DepartmentForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";

export function DepartmentCreate() {
  const { formProps, saveButtonProps } = useVersionedForm();
  return (
    <Create saveButtonProps={saveButtonProps}>
      <DepartmentForm
        formProps={{ ...formProps, initialValues: { itqThreshold: 0, categories: [], siteIds: [], buildingIds: [], userIds: [], ...formProps.initialValues } }}
      />
    </Create>
  );
}
