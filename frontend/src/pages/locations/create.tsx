import { Create } from "../../components/crud";
import { LocationForm } from "./LocationForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";

export function LocationCreate() {
  const { formProps, saveButtonProps } = useVersionedForm();
  return (
    <Create saveButtonProps={saveButtonProps}>
      <LocationForm formProps={formProps} />
    </Create>
  );
}
