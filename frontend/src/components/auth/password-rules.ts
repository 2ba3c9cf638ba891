import type { FormRule } from "antd";
import type { TFunction } from "i18next";

/** Digit, upper-case, lower-case, symbol: a password needs 8+ characters and 3 of these 4 kinds. */
const KINDS = [/\d/, /[A-Z]/, /[a-z]/, /[^A-Za-z0-9]/];
export const PASSWORD_MIN_LENGTH = 8;

export function passwordStrongEnough(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && KINDS.filter((kind) => kind.test(value)).length >= 3;
}

/** Rules for a new password field (use with validateTrigger="onBlur", as the spec asks). */
export const newPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t("auth:password.required") },
  {
    validator: (_, value: string | undefined) =>
      !value || passwordStrongEnough(value) ? Promise.resolve() : Promise.reject(new Error(t("auth:password.pattern"))),
  },
];

/** Rules for the repeat field: must equal the field named `field`. */
export const confirmPasswordRules = (t: TFunction, field = "newPassword"): FormRule[] => [
  { required: true, message: t("auth:password.confirmRequired") },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(t("auth:password.mismatch"))),
  }),
];
