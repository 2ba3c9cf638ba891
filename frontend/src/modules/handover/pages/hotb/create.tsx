import { useForm } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Alert, Form, Input, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { Create } from "../../../../components/crud";
import { RecordSelect } from "../../../../components/settings/RecordSelect";
import { hotbLimits, hotbTypes, premiseBuildingTypes } from "../../../../../../backend/src/modules/handover/services/hotb/hotb.shared";
import { hotbTenanciesPath } from "../../../../../../backend/src/modules/handover/services/hotb-tenancies/hotb-tenancies.shared";

interface HotbCreateValues {
  tenancyId: number;
  type: string;
  premiseBuildingType: string;
  name?: string;
}

const tenancyLabel = (record: BaseRecord) => [record.companyName, record.tradeName].filter(Boolean).join(" · ") || String(record.id);

/**
 * A new handover or takeback (spec POST /hotb {tenancyId, premiseBuildingType, type}): staff pick
 * the tenancy, the type and the premise building type; the server fills the rest (the tenancy's
 * floors and building, the schedule from the building's latest template or, for a takeback, from
 * the premises' last completed handover) and the record opens as a draft.
 */
export function HotbCreate() {
  const { t } = useTranslation("hotb");
  const { formProps, saveButtonProps } = useForm<Record<string, any>>({ resource: "hotb", action: "create", redirect: "show" });
  return (
    <Create title={t("titles.create")} saveButtonProps={{ ...saveButtonProps, "data-testid": "hotb-save" } as never}>
      <Form
        {...formProps}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ type: "HANDOVER", premiseBuildingType: "asIs" }}
        onFinish={(values) => {
          const { tenancyId, type, premiseBuildingType, name } = values as HotbCreateValues;
          return formProps.onFinish?.({ tenancyId: Number(tenancyId), type, premiseBuildingType, ...(name?.trim() ? { name: name.trim() } : {}) });
        }}
        style={{ maxWidth: 640 }}
      >
        <Alert type="info" showIcon message={t("hints.fromTemplate")} style={{ marginBottom: 16 }} />
        <Form.Item name="tenancyId" label={t("fields.tenancyId")} rules={[{ required: true, message: t("validation.tenancyId") }]}>
          <RecordSelect resource={hotbTenanciesPath} searchField="companyName" label={tenancyLabel} showSearch data-testid="hotb-tenancy" />
        </Form.Item>
        <Form.Item name="type" label={t("fields.type")}>
          <Radio.Group optionType="button" options={hotbTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))} data-testid="hotb-type" />
        </Form.Item>
        <Form.Item name="premiseBuildingType" label={t("fields.premiseBuildingType")} rules={[{ required: true }]}>
          <Select options={premiseBuildingTypes.map((value) => ({ value, label: t(`premiseBuildingTypes.${value}`) }))} data-testid="hotb-premise-type" />
        </Form.Item>
        <Form.Item name="name" label={t("fields.name")}>
          <Input maxLength={hotbLimits.name} showCount data-testid="hotb-name" />
        </Form.Item>
      </Form>
    </Create>
  );
}
