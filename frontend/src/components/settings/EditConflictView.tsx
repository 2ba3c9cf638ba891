import type { ReactNode } from "react";
import { Alert, Button, Radio, Tag, Typography, theme, type FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { BaseKey } from "@refinedev/core";
import { formatDateTime } from "../format";
import { RecordName } from "./RecordSelect";
import { plainValue } from "./editConflict";
import type { ConflictSide, EditConflict } from "./useVersionedForm";

export interface EditConflictViewProps {
  conflict: EditConflict | undefined;
  /** The edit form: "Save" submits it, with the choices it already holds. */
  form: FormInstance;
  /** The i18n namespace of the form's labels (`<ns>:fields.<field>`, `<ns>:sections.<field>`). */
  ns: string;
  /** Labels the namespace does not give by the field's name. */
  labels?: Record<string, string>;
  /** What "Save" does when submitting the form is not how the screen saves. */
  onSave?: () => void;
  /** How a field's value reads (a building's code for its id, a list as lines); plain text by default. */
  display?: Record<string, (value: unknown) => ReactNode>;
}

/** A value as text: nothing as "(empty)", yes/no, a day, a list one item a line. */
function PlainValue({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const plain = plainValue(value);
  if (plain === null || (Array.isArray(plain) && plain.length === 0)) return <Typography.Text type="secondary">{t("editConflict.empty")}</Typography.Text>;
  if (typeof plain === "boolean") return <>{t(plain ? "editConflict.yes" : "editConflict.no")}</>;
  if (Array.isArray(plain)) return <>{plain.map((item) => (typeof item === "object" ? Object.values(item as object).join(" · ") : String(item))).join("\n")}</>;
  if (typeof plain === "object") return <>{Object.values(plain as object).join(" · ")}</>;
  return <>{String(plain)}</>;
}

/**
 * What a stale save (410) meets instead of losing its typing: for each field someone else changed
 * meanwhile, their value and the user's side by side, one to take (issue 27, item 12). The form
 * below already holds the choices and the new version; "Save" saves them.
 */
export function EditConflictView({ conflict, form, ns, labels = {}, display = {}, onSave }: EditConflictViewProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  if (!conflict) return null;
  const label = (name: string) =>
    labels[name] ??
    (i18n.t(
      [
        `${ns}:fields.${name}`,
        `${ns}:fields.${name.replace(/Id$/, "")}`,
        `${ns}:fields.${name.replace(/Ids$/, "s")}`,
        `${ns}:sections.${name}`,
        `${ns}:${name}`,
      ],
      { defaultValue: name },
    ) as string);
  const show = (name: string, value: unknown) => (display[name] ? display[name](value) : <PlainValue value={value} />);
  const savedAt = formatDateTime(conflict.theirs.updatedAt);
  const option = (name: string, side: ConflictSide, value: unknown) => {
    const chosen = conflict.choices[name] === side;
    return (
      <div data-testid={`conflict-${name}-${side}`} style={{ display: "flex", flex: "1 1 240px", minWidth: 0 }}>
        <Radio
          value={side}
          style={{
            display: "flex",
            alignItems: "flex-start",
            width: "100%",
            margin: 0,
            padding: "8px 12px",
            borderRadius: token.borderRadius,
            border: `1px solid ${chosen ? token.colorPrimary : token.colorBorder}`,
            background: chosen ? token.colorPrimaryBg : token.colorBgContainer,
          }}
        >
          <Typography.Text strong>{t(side === "theirs" ? "editConflict.theirs" : "editConflict.yours")}</Typography.Text>
          <div style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{show(name, value)}</div>
        </Radio>
      </div>
    );
  };
  return (
    <section data-testid="edit-conflict" aria-labelledby="edit-conflict-title" style={{ marginBottom: 24 }}>
      <Alert
        type="warning"
        showIcon
        message={<span id="edit-conflict-title">{t("editConflict.title")}</span>}
        description={
          <>
            {t(conflict.fields.length ? "editConflict.intro" : "editConflict.none")}
            {savedAt && <div>{t("editConflict.savedAt", { time: savedAt })}</div>}
          </>
        }
        style={{ marginBottom: 12 }}
      />
      {conflict.fields.map(({ name, theirs, yours, edited }) => (
        <div key={name} data-testid={`conflict-${name}`} style={{ marginBottom: 12 }}>
          <div style={{ marginBottom: 4 }}>
            <Typography.Text strong id={`conflict-label-${name}`}>
              {label(name)}
            </Typography.Text>
            {edited && (
              <Tag color="orange" style={{ marginInlineStart: 8 }}>
                {t("editConflict.bothChanged")}
              </Tag>
            )}
          </div>
          <Radio.Group
            aria-labelledby={`conflict-label-${name}`}
            value={conflict.choices[name]}
            onChange={(event) => conflict.choose(name, event.target.value as ConflictSide)}
            style={{ display: "flex", flexWrap: "wrap", gap: 8, width: "100%" }}
          >
            {option(name, "theirs", theirs)}
            {option(name, "yours", yours)}
          </Radio.Group>
        </div>
      ))}
      <Button type="primary" onClick={() => (onSave ? onSave() : form.submit())} data-testid="conflict-save">
        {t("editConflict.save")}
      </Button>
    </section>
  );
}

/** A display for an id field, or a list of ids: each record by its label, as its RecordSelect shows it. */
export const recordNames =
  (resource: string) =>
  (value: unknown): ReactNode => {
    const ids = (Array.isArray(value) ? value : [value]).filter((id) => id !== null && id !== undefined && id !== "");
    if (!ids.length) return <PlainValue value={null} />;
    return ids.map((id) => (
      <div key={String(id)}>
        <RecordName resource={resource} id={id as BaseKey} />
      </div>
    ));
  };

/** A display for a coded field (a type, a status): each code by its label (`<group>.<code>` in the form's namespace). */
export const codeLabels =
  (t: TFunction, group: string) =>
  (value: unknown): ReactNode => {
    const codes = (Array.isArray(value) ? value : [value]).filter((code) => code !== null && code !== undefined && code !== "");
    return codes.length ? codes.map((code) => t(`${group}.${String(code)}`)).join("\n") : <PlainValue value={null} />;
  };
