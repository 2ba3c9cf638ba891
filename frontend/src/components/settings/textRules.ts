import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";

/**
 * A text field's rules in the settings forms' words: not blank, at most `max` characters (the
 * column's length), and, given the field's label, required. Checked on blur like the rest of the form.
 */
export function textRules(t: TFunction, max: number, requiredLabel?: string): Rule[] {
  return [
    ...(requiredLabel ? [{ required: true, message: t("settings:form.required", { field: requiredLabel }) }] : []),
    { whitespace: true, message: t("settings:form.blank") },
    { max, message: t("settings:form.max", { max }) },
  ];
}
