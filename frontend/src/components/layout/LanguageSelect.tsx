import { Select } from "antd";
import { GlobalOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../providers/api";
import { changeLanguage, LANGUAGES } from "../../providers/i18n";
import { notifyError } from "../../providers/notifications";
import { session, useSession } from "../../providers/session";
import type { Language } from "../../types/session";

/** Language names are written in their own language so anyone can find theirs. */
const NATIVE_NAMES: Record<Language, string> = { "en-US": "English", "zh-CN": "中文" };

/** Switches the UI at once; a signed-in user's choice is also saved to the profile. */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const onChange = async (next: Language) => {
    await changeLanguage(next);
    if (!session.isSignedIn()) return;
    try {
      await api("profile/me", { method: "PATCH", body: { language: next }, action: "profile.update" });
    } catch (error) {
      notifyError("profile.update", error);
    }
  };
  return (
    <Select<Language>
      aria-label={t("header.language")}
      value={language}
      onChange={onChange}
      variant="borderless"
      suffixIcon={<GlobalOutlined />}
      options={LANGUAGES.map((code) => ({ value: code, label: NATIVE_NAMES[code] }))}
      popupMatchSelectWidth={false}
      style={{ minWidth: compact ? undefined : 110 }}
    />
  );
}
