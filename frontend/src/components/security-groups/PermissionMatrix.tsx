import { Select, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { permissionCatalogue } from "../users/account";
import { permissionActionLabel, resourceLabel } from "./labels";

export type Attribute = "own" | "any";
export interface Permission {
  resource: string;
  action: string;
  attribute: Attribute;
}

/** Every action any resource knows, CRUD first, as the matrix columns. */
export const MATRIX_ACTIONS: string[] = [...new Set(["create", "read", "update", "delete", ...Object.values(permissionCatalogue).flat()])];
const RESOURCES = Object.keys(permissionCatalogue);

export interface PermissionMatrixProps {
  value?: Permission[];
  onChange?: (value: Permission[]) => void;
  readOnly?: boolean;
}

/**
 * Resources (rows, from the shared catalogue) × actions: each open cell is none, own records or
 * any record. Used as a form control (`value` / `onChange`) and, read-only, on the show page.
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

  return (
    <Table
      size="small"
      bordered
      pagination={false}
      rowKey="resource"
      scroll={{ x: "max-content" }}
      dataSource={RESOURCES.map((resource) => ({ resource }))}
      columns={[
        {
          key: "resource",
          title: t("fields.resource"),
          fixed: "left",
          render: (_, { resource }) => <span data-testid={`perm-row-${resource}`}>{resourceLabel(t, resource)}</span>,
        },
        ...MATRIX_ACTIONS.map((action) => ({
          key: action,
          title: permissionActionLabel(t, action),
          align: "center" as const,
          render: (_: unknown, { resource }: { resource: string }) => {
            if (!permissionCatalogue[resource].includes(action)) return <Typography.Text type="secondary">·</Typography.Text>;
            const current = grant(resource, action);
            if (readOnly)
              return current ? (
                <Typography.Text strong={current === "any"}>{t(`attributes.${current}`)}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">–</Typography.Text>
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
          },
        })),
      ]}
    />
  );
}
