import { Create } from "../../components/crud";
import { BuildingForm } from "../../components/buildings/BuildingForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";

export function BuildingCreate() {
  const { formProps, saveButtonProps } = useVersionedForm();
  return (
    <Create saveButtonProps={saveButtonProps}>
      <BuildingForm formProps={formProps} />
    </Create>
  );
}
