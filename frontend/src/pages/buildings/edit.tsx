import { Edit } from "@refinedev/antd";
import { BuildingForm } from "../../components/buildings/BuildingForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";

export function BuildingEdit() {
  const { formProps, saveButtonProps, query } = useVersionedForm();
  return (
    <Edit saveButtonProps={saveButtonProps} isLoading={query?.isLoading} deleteButtonProps={{ accessControl: { enabled: true, hideIfUnauthorized: true } }}>
      <BuildingForm formProps={formProps} />
    </Edit>
  );
}
