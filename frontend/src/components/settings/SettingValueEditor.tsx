import { InputNumber, Input, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";

export type SettingKind = "number" | "boolean" | "string" | "list" | "object";

/** The kind of a setting, from its built-in default (the server checks the same way). */
export function settingKind(defaultValue: unknown, value: unknown): SettingKind {
  const probe = defaultValue ?? value;
  if (typeof probe === "number") return "number";
  if (typeof probe === "boolean") return "boolean";
  if (Array.isArray(probe)) return "list";
  if (probe !== null && typeof probe === "object") return "object";
  return "string";
}

/** Read-only text of a value. */
export function SettingValueText({ value, kind }: { value: unknown; kind: SettingKind }) {
  const { t } = useTranslation("settings");
  if (kind === "boolean") return <>{value ? t("yes") : t("no")}</>;
  if (kind === "list") return <>{((value as string[]) ?? []).join(", ")}</>;
  if (kind === "object") return <code>{JSON.stringify(value)}</code>;
  return <>{String(value ?? "")}</>;
}

/** Editor of a value by its kind. */
export function SettingValueEditor({ kind, value, onChange }: { kind: SettingKind; value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useTranslation("settings");
  switch (kind) {
    case "number":
      return <InputNumber autoFocus min={0} value={value as number} onChange={(next) => onChange(next)} style={{ width: 160 }} />;
    case "boolean":
      return <Switch checked={Boolean(value)} onChange={onChange} checkedChildren={t("yes")} unCheckedChildren={t("no")} />;
    case "list":
      return (
        <Select
          mode="tags"
          value={(value as string[]) ?? []}
          onChange={(next: string[]) => onChange(next.map((item) => item.trim()).filter(Boolean))}
          tokenSeparators={[","]}
          open={false}
          style={{ minWidth: 260 }}
          placeholder={t("listHelp")}
        />
      );
    case "object":
      return <Input.TextArea rows={3} value={typeof value === "string" ? value : JSON.stringify(value)} onChange={(event) => onChange(event.target.value)} />;
    default:
      return <Input autoFocus value={String(value ?? "")} onChange={(event) => onChange(event.target.value)} style={{ width: 260 }} />;
  }
}
