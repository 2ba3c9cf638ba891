import { Checkbox, Form, Input, Select, type FormProps } from "antd";
import { useSelect } from "@refinedev/antd";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../providers/i18n";
import { regionLabel } from "../../providers/regions";
import { useSession } from "../../providers/session";
import { domainOf, useUserKind } from "./user-kind";
import { vendorPerms } from "./account";
import { RecordSelect } from "../settings/RecordSelect";

const REGION_CODES = ["GLOBAL", "HK", "SG", "BJ", "MO"];

/** Fields of the invite (create) and edit forms; username and user type are set once, at invite. */
export function UserForm({ formProps, mode }: { formProps: FormProps; mode: "create" | "edit" }) {
  const { t } = useTranslation(["users", "common"]);
  const { kind, userTypes } = useUserKind();
  const regions = useSession((s) => s.regions);
  const { selectProps: groupSelect } = useSelect({
    resource: "security-groups",
    optionLabel: "name",
    optionValue: "id",
    filters: [{ field: "domain", operator: "eq", value: domainOf(kind) }],
    sorters: [{ field: "name", order: "asc" }],
    pagination: { pageSize: 100, mode: "server" },
  });
  const regionOptions = REGION_CODES.map((code) => ({ value: code, label: regionLabel(regions.find((r) => r.code === code) ?? { code, name: code }) }));
  const selectedRegions: string[] | undefined = Form.useWatch("regions", formProps.form);
  const required = (field: string) => ({ required: true, message: t("validation.required", { field: t(`fields.${field}`) }) });

  return (
    <Form {...formProps} layout="vertical" validateTrigger="onBlur" style={{ maxWidth: 640 }}>
      {mode === "create" && (
        <>
          <Form.Item
            name="username"
            label={t("fields.username")}
            rules={[
              required("username"),
              { min: 3, max: 100, message: t("validation.usernameLength") },
              { pattern: /^[A-Za-z0-9._@-]+$/, message: t("validation.usernamePattern") },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="userType" label={t("fields.userType")} rules={[required("userType")]}>
            <Select options={userTypes.map((type) => ({ value: type, label: t(`userTypes.${type}`) }))} />
          </Form.Item>
        </>
      )}
      <Form.Item name="displayName" label={t("fields.displayName")} rules={[required("displayName"), { max: 200 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t("fields.email")} rules={[required("email"), { type: "email", message: t("validation.email") }, { max: 255 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="phone" label={t("fields.phone")} rules={[{ max: 50 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="language" label={t("fields.language")}>
        <Select allowClear options={LANGUAGES.map((code) => ({ value: code, label: t(`common:languages.${code}`) }))} />
      </Form.Item>
      <Form.Item name="regions" label={t("fields.regions")}>
        <Select mode="multiple" allowClear options={regionOptions} />
      </Form.Item>
      <Form.Item
        name="defaultRegion"
        label={t("fields.defaultRegion")}
        dependencies={["regions"]}
        rules={[
          {
            validator: (_, value) =>
              !value || !selectedRegions?.length || selectedRegions.includes(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t("validation.defaultRegion"))),
          },
        ]}
      >
        <Select allowClear options={regionOptions.filter((option) => !selectedRegions?.length || selectedRegions.includes(option.value))} />
      </Form.Item>
      {kind !== "staff" && (
        // The server refuses a company the administrator cannot read (400 REFERENCE_INVALID).
        <Form.Item name="companyId" label={t("fields.company")} extra={t("hints.company")}>
          <RecordSelect resource="companies" data-testid="user-company" />
        </Form.Item>
      )}
      {kind === "vendors" && (
        <Form.Item name="vendorPerms" label={t("fields.vendorPerms")}>
          <Checkbox.Group options={vendorPerms.map((perm) => ({ value: perm, label: t(`vendorPerms.${perm}`) }))} />
        </Form.Item>
      )}
      <Form.Item name="groupIds" label={t("fields.securityGroups")} extra={t("hints.groupsPerRegion")}>
        <Select {...groupSelect} mode="multiple" allowClear />
      </Form.Item>
    </Form>
  );
}
