import { useForm } from "@refinedev/antd";
import { Create } from "../../../../components/crud";
import { Form } from "antd";
import { useTranslation } from "react-i18next";
import { TenancyForm, toPayload, type TenancyFormValues } from "../../components/TenancyForm";
import { hoursToForm } from "../../components/hours";

/** A new tenancy record (spec /tenancies/create): company, building, premises, opening hours. */
export function TenancyCreate() {
  const { t } = useTranslation("tenancies");
  const { formProps, saveButtonProps, form } = useForm<Record<string, any>>({ resource: "tenancies", action: "create", redirect: "show" });
  return (
    <Create title={t("titles.create")} saveButtonProps={saveButtonProps}>
      <Form
        {...formProps}
        layout="vertical"
        initialValues={{ type: "O", merged: false, hours: hoursToForm(null), premises: [] }}
        onFinish={(values) => formProps.onFinish?.(toPayload(values as TenancyFormValues, "create"))}
      >
        <TenancyForm form={form} mode="create" />
      </Form>
    </Create>
  );
}
