import { Select, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { permissionCatalogue } from "../users/account";
import { permissionActionLabel, resourceLabel } from "./labels";

export type Attribute = "own" | "any";
export interface Permission {
  resource: string;
  action: string;
  attribute: Attribute;
}

/** The CRUD verbs have a column each; a resource's other actions (invite, lock, approve...) share one. */
export const CRUD_ACTIONS = ["create", "read", "update", "delete"] as const;
const otherActions = (resource: string) => permissionCatalogue()[resource].filter((action) => !(CRUD_ACTIONS as readonly string[]).includes(action));

export interface PermissionMatrixProps {
  value?: Permission[];
  onChange?: (value: Permission[]) => void;
  readOnly?: boolean;
}

/**
 * Resources (rows, from the shared catalogue) × the CRUD verbs, then the resource's own actions
 * side by side: each grant is none, own records or any record. One column per action of any
 * resource made a 35-column table of mostly empty cells that took seconds to draw. Used as a form
 * control (`value` / `onChange`) and, read-only, on the show page.
 */
export function PermissionMatrix({ value = [], onChange, readOnly }: PermissionMatrixProps) {
  const { t } = useTranslation("security-groups");
  const grant = (resource: string, action: string) => value.find((p) => p.resource === resource && p.action === action)?.attribute;

  const set = (resource: string, action: string, attribute: Attribute | undefined) => {
    const rest = value.filter((p) => !(p.resource === resource && p.action === action));
    onChange?.(attribute ? [...rest, { resource, action, attribute }] : rest);
  };

  const options = [
    { value: "own", label: t("attributes.own") },
    { value: "any", label: t("attributes.any") },
  ];

  const control = (resource: string, action: string) => {
    const current = grant(resource, action);
    if (readOnly)
      return current ? (
        <Typography.Text strong={current === "any"} data-testid={`perm-${resource}-${action}`}>
          {t(`attributes.${current}`)}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" data-testid={`perm-${resource}-${action}`}>
          –
        </Typography.Text>
      );
    return (
      <Select
        size="small"
        allowClear
        placeholder="–"
        style={{ width: 66 }}
        popupMatchSelectWidth={false}
        value={current}
        options={options}
        onChange={(attribute?: Attribute) => set(resource, action, attribute)}
        data-testid={`perm-${resource}-${action}`}
        aria-label={`${resourceLabel(t, resource)} ${permissionActionLabel(t, action)}`}
      />
    );
  };

  return (
    <Table
      size="small"
      bordered
      pagination={false}
      rowKey="resource"
      scroll={{ x: "max-content" }}
      dataSource={Object.keys(permissionCatalogue()).map((resource) => ({ resource }))}
      columns={[
        {
          key: "resource",
          title: t("fields.resource"),
          fixed: "left",
          render: (_, { resource }) => <span data-testid={`perm-row-${resource}`}>{resourceLabel(t, resource)}</span>,
        },
        ...CRUD_ACTIONS.map((action) => ({
          key: action,
          title: permissionActionLabel(t, action),
          align: "center" as const,
          render: (_: unknown, { resource }: { resource: string }) =>
            permissionCatalogue()[resource].includes(action) ? control(resource, action) : <Typography.Text type="secondary">·</Typography.Text>,
        })),
        {
          key: "other",
          title: t("fields.otherActions"),
          render: (_: unknown, { resource }: { resource: string }) => (
            <Space size={[12, 4]} wrap style={{ maxWidth: 520 }}>
              {otherActions(resource).map((action) => (
                <Space key={action} size={4}>
                  <Typography.Text type="secondary" data-testid="perm-action">
                    {permissionActionLabel(t, action)}
                  </Typography.Text>
                  {control(resource, action)}
                </Space>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
}
