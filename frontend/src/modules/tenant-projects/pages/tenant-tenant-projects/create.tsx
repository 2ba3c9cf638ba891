import { useForm } from "@refinedev/antd";
import { Checkbox, Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { Create } from "../../../../components/crud";
import { useSession } from "../../../../providers/session";
import { tenantProjectLimits, tenantProjectTypes } from "../../../../../../backend/src/modules/tenant-projects/services/tenant-projects/tenant-projects.shared";

interface TenantProjectFormValues {
  type: string;
  projectName: string;
  projectLocation?: string[];
  isAccept?: boolean;
}

/**
 * A new tenant project (spec createTenantProject): its type, name and locations, on the tenant's
 * tenancy, with the terms accepted. Its floors are those the tenancy's premises hold today; the
 * server refuses while the floor information is missing or expired, naming the building's hotline.
 */
export function TenantTenantProjectCreate() {
  const { t } = useTranslation("tenant-projects");
  const tenancyId = useSession((s) => s.user?.tenancyId);
  // The tenants' identifier of the resource: its data is tenant-projects', its show page the tenants' one.
  const { formProps, saveButtonProps } = useForm<Record<string, any>>({ resource: "tenant-tenant-projects", action: "create", redirect: "show" });
  return (
    <Create title={t("titles.create")} saveButtonProps={saveButtonProps}>
      <Form
        {...formProps}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ type: "Fitout", projectLocation: [], isAccept: false }}
        onFinish={(values) => {
          const { type, projectName, projectLocation, isAccept } = values as TenantProjectFormValues;
          return formProps.onFinish?.({
            tenancyId: Number(tenancyId),
            type,
            projectName: projectName.trim(),
            projectLocation: projectLocation ?? [],
            isAccept: Boolean(isAccept),
          });
        }}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="type" label={t("fields.type")} rules={[{ required: true, message: t("validation.type") }]}>
          <Select options={tenantProjectTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))} data-testid="tenant-project-type" />
        </Form.Item>
        <Form.Item name="projectName" label={t("fields.projectName")} rules={[{ required: true, whitespace: true, message: t("validation.projectName") }]}>
          <Input maxLength={tenantProjectLimits.projectName} showCount data-testid="tenant-project-name" />
        </Form.Item>
        <Form.Item name="projectLocation" label={t("fields.projectLocation")} extra={t("hints.projectLocation")}>
          <Select mode="tags" maxCount={tenantProjectLimits.locations} open={false} tokenSeparators={[","]} data-testid="tenant-project-location" />
        </Form.Item>
        <Form.Item
          name="isAccept"
          valuePropName="checked"
          validateTrigger="onChange"
          rules={[{ validator: async (_rule, value) => (value ? undefined : Promise.reject(new Error(t("validation.isAccept")))) }]}
        >
          <Checkbox data-testid="tenant-project-accept">{t("fields.isAccept")}</Checkbox>
        </Form.Item>
      </Form>
    </Create>
  );
}
