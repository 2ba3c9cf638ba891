import { useState, type FormEvent, type ReactNode } from "react";
import { Button, Input, theme } from "antd";
import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

type Values = { username: string; password: string };
type Errors = Partial<Record<keyof Values, string>>;

/**
 * The username and password form of the login page, laid out as an antd vertical form but
 * without antd's Form (its field store, validator and tooltips are a fifth of the first load):
 * an empty field says so under itself, after a change or on submit.
 */
export function LoginForm({ busy, onSubmit }: { busy: boolean; onSubmit: (values: Values) => void }) {
  const { t } = useTranslation("auth");
  const { token } = theme.useToken();
  const [values, setValues] = useState<Values>({ username: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});

  const check = (next: Values, fields: (keyof Values)[]): Errors => {
    const found: Errors = { ...errors };
    for (const field of fields) {
      const empty = field === "username" ? !next.username.trim() : !next.password;
      found[field] = empty ? t(field === "username" ? "login.usernameRequired" : "login.passwordRequired") : undefined;
    }
    return found;
  };
  const change = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors(check(next, [field]));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(values, ["username", "password"]);
    setErrors(found);
    if (!found.username && !found.password) onSubmit(values);
  };

  const field = (name: keyof Values, label: string, input: ReactNode) => (
    <div style={{ marginBottom: errors[name] ? 0 : 24 }}>
      <label htmlFor={name} style={{ display: "inline-block", paddingBottom: 8, color: token.colorTextHeading, lineHeight: `${token.controlHeight - 10}px` }}>
        {label}
      </label>
      {input}
      {errors[name] && (
        <div id={`${name}_help`} role="alert" style={{ color: token.colorError, minHeight: 24, lineHeight: token.lineHeight }}>
          {errors[name]}
        </div>
      )}
    </div>
  );

  return (
    <form noValidate onSubmit={submit}>
      {field(
        "username",
        t("login.username"),
        <Input
          id="username"
          name="username"
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          value={values.username}
          status={errors.username ? "error" : undefined}
          aria-invalid={Boolean(errors.username)}
          aria-describedby={errors.username ? "username_help" : undefined}
          onChange={(event) => change("username", event.target.value)}
        />,
      )}
      {field(
        "password",
        t("login.password"),
        <Input.Password
          id="password"
          name="password"
          prefix={<LockOutlined />}
          autoComplete="current-password"
          value={values.password}
          status={errors.password ? "error" : undefined}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? "password_help" : undefined}
          onChange={(event) => change("password", event.target.value)}
        />,
      )}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t("login.submit")}
      </Button>
    </form>
  );
}
