import { useEffect, useMemo, useRef } from "react";
import { useList, useUpdate } from "@refinedev/core";
import { Alert, Button, Card, Col, Form, InputNumber, Row, Select, Space, Typography } from "antd";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";
import {
  commonUploadTypes,
  typeFamilies,
  uploadRuleProblem,
  UPLOAD_RULE_BOUNDS,
  type UploadRule,
} from "../../../../backend/src/services/upload-limits/upload-limits.shared";
import { uploadPlaces } from "../../../../backend/src/services/upload-limits/upload-places.shared";
import { notifySuccess } from "../../providers/notifications";

const KEYS = ["upload.maxSizeMb", "upload.maxCount", "upload.types", "upload.places"] as const;
const ALL = "all";

interface SettingRow {
  key: string;
  value: unknown;
  source: string;
  updatedAt: string | null;
}

type RuleValues = { maxSizeMb?: number | null; maxCount?: number | null; types?: string[] };
type FormValues = Record<string, RuleValues>;

/** A rule as stored: only the fields the administrator filled in. */
const ruleOf = (values: RuleValues | undefined): UploadRule => {
  const rule: UploadRule = {};
  if (values?.maxSizeMb != null) rule.maxSizeMb = values.maxSizeMb;
  if (values?.maxCount != null) rule.maxCount = values.maxCount;
  if (values?.types?.length) rule.types = values.types;
  return rule;
};

/**
 * The file rules (issue 27 item 19) as a form: for all uploads of the region, and for each upload
 * place its own size, count and types where they differ (blank follows all uploads). Saved through
 * the settings service, each key with the version it was read at (410 when someone saved since).
 */
export function FileRulesForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation(["settings", "regions", "common"]);
  const [form] = Form.useForm<FormValues>();
  const { result, query } = useList<SettingRow>({
    resource: "settings",
    filters: [{ field: "key", operator: "in", value: [...KEYS] }],
    pagination: { mode: "off" },
  });
  const { mutateAsync, mutation } = useUpdate<SettingRow>();
  const settings = useMemo(() => new Map((result?.data ?? []).map((row) => [row.key, row])), [result?.data]);
  const places = Object.keys(uploadPlaces());
  const all = {
    maxSizeMb: settings.get("upload.maxSizeMb")?.value as number | undefined,
    maxCount: settings.get("upload.maxCount")?.value as number | undefined,
    types: settings.get("upload.types")?.value as string[] | undefined,
  };
  const placeRules = (settings.get("upload.places")?.value ?? {}) as Record<string, UploadRule>;

  const initial = (): FormValues => ({
    [ALL]: { ...all },
    ...Object.fromEntries(places.map((place) => [place, { maxSizeMb: null, maxCount: null, types: [], ...placeRules[place] }])),
  });
  // The values are new at every render; the form is filled again only when the rows are read again.
  const stored = useRef(initial);
  stored.current = initial;
  useEffect(() => {
    // Read again (a save here or elsewhere): the form shows what is stored.
    if (result?.data) form.setFieldsValue(stored.current());
  }, [form, result?.data]);

  const numberRules = (field: "maxSizeMb" | "maxCount", required: boolean): Rule[] => [
    {
      validator: async (_, value) => {
        if (value == null || value === "") {
          if (required) throw new Error(t("fileRules.whole", { max: UPLOAD_RULE_BOUNDS[field] }));
          return;
        }
        if (uploadRuleProblem(field, value)) throw new Error(t("fileRules.whole", { max: UPLOAD_RULE_BOUNDS[field] }));
      },
    },
  ];
  const typeRules = (required: boolean): Rule[] => [
    {
      validator: async (_, value: string[] | undefined) => {
        if (!value?.length && !required) return;
        if (uploadRuleProblem("types", value ?? [])) throw new Error(t("fileRules.typesInvalid", { max: UPLOAD_RULE_BOUNDS.types }));
      },
    },
  ];
  const typeOptions = [
    ...Object.keys(typeFamilies).map((family) => ({ value: family, label: t(`fileRules.families.${family}`) })),
    ...commonUploadTypes.map((type) => ({ value: type, label: type })),
  ];

  const save = async () => {
    const values = await form.validateFields();
    const changes: { key: (typeof KEYS)[number]; value: unknown }[] = [];
    const wanted = values[ALL];
    if (wanted.maxSizeMb !== all.maxSizeMb) changes.push({ key: "upload.maxSizeMb", value: wanted.maxSizeMb });
    if (wanted.maxCount !== all.maxCount) changes.push({ key: "upload.maxCount", value: wanted.maxCount });
    if (JSON.stringify(wanted.types) !== JSON.stringify(all.types)) changes.push({ key: "upload.types", value: wanted.types });
    const nextPlaces = Object.fromEntries(places.map((place) => [place, ruleOf(values[place])]).filter(([, rule]) => Object.keys(rule).length > 0));
    if (JSON.stringify(nextPlaces) !== JSON.stringify(placeRules)) changes.push({ key: "upload.places", value: nextPlaces });
    if (!changes.length) {
      notifySuccess(t("fileRules.unchanged"));
      return;
    }
    for (const change of changes) {
      // The version read with the form; null while the region still inherits the value.
      await mutateAsync({
        resource: "settings",
        id: change.key,
        values: { value: change.value },
        meta: { updatedAt: settings.get(change.key)?.updatedAt ?? null },
        successNotification: false,
      });
    }
    notifySuccess(t("fileRules.saved"));
    await query.refetch();
  };

  const sourceLabel = (source: string | undefined) =>
    !source ? "" : source === "default" ? t("sources.default") : t(`regions:names.${source}`, { defaultValue: source });

  const ruleFields = (name: string, required: boolean) => (
    <Row gutter={[16, 0]}>
      <Col xs={24} md={6}>
        <Form.Item name={[name, "maxSizeMb"]} label={t("fileRules.maxSizeMb")} rules={numberRules("maxSizeMb", required)} validateTrigger="onBlur">
          <InputNumber
            style={{ width: "100%" }}
            disabled={!canEdit}
            placeholder={required ? undefined : t("fileRules.inherit", { value: all.maxSizeMb ?? "" })}
            data-testid={`rule-${name}-maxSizeMb`}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name={[name, "maxCount"]} label={t("fileRules.maxCount")} rules={numberRules("maxCount", required)} validateTrigger="onBlur">
          <InputNumber
            style={{ width: "100%" }}
            disabled={!canEdit}
            placeholder={required ? undefined : t("fileRules.inherit", { value: all.maxCount ?? "" })}
            data-testid={`rule-${name}-maxCount`}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={[name, "types"]} label={t("fileRules.types")} rules={typeRules(required)} validateTrigger={["onBlur", "onChange"]}>
          <Select
            mode="tags"
            options={typeOptions}
            tokenSeparators={[",", " "]}
            disabled={!canEdit}
            placeholder={required ? t("fileRules.typesHelp") : t("fileRules.inherit", { value: (all.types ?? []).join(", ") })}
            data-testid={`rule-${name}-types`}
            aria-label={t("fileRules.types")}
          />
        </Form.Item>
      </Col>
    </Row>
  );

  return (
    // No min, max or precision on the number inputs: they would change what was typed on blur
    // instead of saying what is wrong with it.
    <Form form={form} layout="vertical" disabled={query.isLoading} data-testid="file-rules">
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Alert type="info" showIcon message={t("fileRules.intro")} />
        <Card
          size="small"
          title={t("fileRules.allUploads")}
          extra={<Typography.Text type="secondary">{t("fileRules.source", { source: sourceLabel(settings.get("upload.maxSizeMb")?.source) })}</Typography.Text>}
        >
          <Typography.Paragraph type="secondary">{t("fileRules.allUploadsHelp")}</Typography.Paragraph>
          {ruleFields(ALL, true)}
        </Card>
        {places.map((place) => (
          <Card key={place} size="small" title={t(`uploadPlaces.${place}`)} data-testid={`place-${place}`}>
            {ruleFields(place, false)}
          </Card>
        ))}
        {canEdit && (
          <Button type="primary" loading={mutation.isPending} onClick={() => void save().catch(() => undefined)} data-testid="file-rules-save">
            {t("fileRules.save")}
          </Button>
        )}
      </Space>
    </Form>
  );
}
