import { Select, type SelectProps } from "antd";
import { useTranslation } from "react-i18next";
import { permissionCatalogue } from "../../components/users/account";
import { resourceLabel } from "../../components/security-groups/labels";

/**
 * The audit log's and audit report's resource filter: every resource of the permission catalogue
 * by its name in the user's language, found by typing that name (antd would search the option
 * values, the resource keys, which the reader never sees).
 */
export function ResourceSelect(props: SelectProps<string>) {
  const { t } = useTranslation(["audit-log", "common"]);
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: 170 }}
      options={Object.keys(permissionCatalogue()).map((resource) => ({ value: resource, label: resourceLabel(t, resource) }))}
      {...props}
    />
  );
}
