import { useState } from "react";
import { Button, Card, Form, Select } from "antd";
import { useWarnAboutChange } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { api } from "../../providers/api";
import { changeLanguage, LANGUAGES } from "../../providers/i18n";
import { notifyError, notifySuccess } from "../../providers/notifications";
import { session, useSession } from "../../providers/session";
import { regionLabel, selectableRegions } from "../../providers/regions";
import type { AuthPayload, Language } from "../../types/session";

interface Values {
  language: Language;
  defaultRegion?: string;
}

/** Language and default region, saved to the profile; the language applies at once. */
export function PreferencesForm() {
  const { t } = useTranslation(["auth", "common"]);
  const user = useSession((s) => s.user);
  const regions = useSession((s) => s.regions);
  const language = useSession((s) => s.language);
  const { setWarnWhen } = useWarnAboutChange();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const save = async (values: Values) => {
    setBusy(true);
    try {
      // The answer is the profile (user and rules for this region), as GET /profile gives it.
      const updated = await api<Partial<AuthPayload> | undefined>("profile/me", { method: "PATCH", body: values, action: "profile.update" });
      const current = session.get().user;
      if (updated?.user) session.set({ user: updated.user, ...(updated.rules ? { rules: updated.rules } : {}) });
      else if (current) session.set({ user: { ...current, language: values.language, defaultRegion: values.defaultRegion } });
      await changeLanguage(values.language);
      setWarnWhen(false);
      notifySuccess(t("common:notifications.saved"));
    } catch (error) {
      notifyError("profile.update", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t("profile.preferences")}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ language: user?.language ?? language, defaultRegion: user?.defaultRegion }}
        onValuesChange={() => setWarnWhen(true)}
        onFinish={save}
      >
        <Form.Item name="language" label={t("profile.language")} rules={[{ required: true }]}>
          <Select options={LANGUAGES.map((code) => ({ value: code, label: t(`common:languages.${code}`) }))} />
        </Form.Item>
        <Form.Item name="defaultRegion" label={t("profile.defaultRegion")}>
          <Select allowClear options={selectableRegions(user, regions).map((region) => ({ value: region.code, label: regionLabel(region) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t("common:buttons.save")}
        </Button>
      </Form>
    </Card>
  );
}
