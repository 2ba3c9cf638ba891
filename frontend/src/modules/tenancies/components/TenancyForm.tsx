import { Card, Checkbox, Col, Form, Input, Row, type FormInstance } from "antd";
import { RadioGroup } from "../../../components/RadioGroup";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { useCan } from "@refinedev/core";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { tenancyCompanyTypes, tenancyTypes, type OpeningHours } from "../../../../../backend/src/modules/tenancies/services/tenancies/tenancies.shared";
import { PremisesEditor } from "./PremisesEditor";
import { OpeningHoursEditor } from "./OpeningHoursEditor";
import { formToHours, hoursToForm, type HoursForm } from "./hours";

type PremisesForm = { id?: number; floor?: string; zone?: string; effectiveDate?: Dayjs; endDate?: Dayjs | null; detail?: string };
export type TenancyFormValues = Record<string, any> & { premises?: PremisesForm[]; hours?: HoursForm };

const day = (value: Dayjs | null | undefined) => (value ? value.format("YYYY-MM-DD") : null);

/** A stored tenancy as the form holds it (dates as dayjs, opening hours per day). */
export function toFormValues(record: Record<string, any>): TenancyFormValues {
  const { openingHours, premises, ...rest } = record;
  return {
    ...rest,
    // An empty choice is undefined to the selects (null would be looked up as an id).
    siteId: rest.siteId ?? undefined,
    hours: hoursToForm(openingHours as OpeningHours),
    premises: (premises ?? []).map((line: any) => ({ ...line, effectiveDate: dayjs(line.effectiveDate), endDate: line.endDate ? dayjs(line.endDate) : null })),
  };
}

/** The form's values as the service takes them. */
export function toPayload(values: TenancyFormValues, mode: "create" | "edit"): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    tradeName: values.tradeName || null,
    generalLine: values.generalLine || null,
    faxNumber: values.faxNumber || null,
    email: values.email || null,
    type: values.type,
    buildingId: values.buildingId,
    siteId: values.siteId ?? null,
    marketingType: values.marketingType || null,
    merged: Boolean(values.merged),
    remarks: values.remarks || null,
    openingHours: formToHours(values.hours),
    premises: (values.premises ?? []).map((line) => ({
      floor: line.floor,
      zone: line.zone || null,
      effectiveDate: day(line.effectiveDate),
      endDate: day(line.endDate),
      detail: line.detail || null,
    })),
  };
  if (mode === "create") payload.companyId = values.companyId;
  if (mode === "edit" && values.companyName) payload.companyName = values.companyName;
  return payload;
}

/** The tenancy information tab of create and edit (spec §3 fields). */
export function TenancyForm({ form, mode }: { form: FormInstance; mode: "create" | "edit" }) {
  const { t } = useTranslation("tenancies");
  const buildingId = Form.useWatch("buildingId", form);
  const { data: mayRename } = useCan({ resource: "tenancies", action: "changeCompanyName" });
  return (
    <>
      <Card size="small" title={t("sections.company")} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {mode === "create" ? (
            <Col xs={24} md={12}>
              <Form.Item name="companyId" label={t("fields.company")} rules={[{ required: true, message: t("validation.companyRequired") }]}>
                <RecordSelect
                  resource="companies"
                  label={(company) => String(company.name)}
                  filters={[{ field: "type", operator: "in", value: [...tenancyCompanyTypes] }]}
                  data-testid="company-select"
                />
              </Form.Item>
            </Col>
          ) : (
            <Col xs={24} md={12}>
              <Form.Item
                name="companyName"
                label={t("fields.companyName")}
                rules={[{ required: true, whitespace: true }]}
                extra={mayRename?.can ? t("help.companyName") : undefined}
              >
                <Input maxLength={255} disabled={!mayRename?.can} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="tradeName" label={t("fields.tradeName")}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="generalLine" label={t("fields.generalLine")}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="faxNumber" label={t("fields.faxNumber")}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="email" label={t("fields.email")} rules={[{ type: "email", message: t("validation.email") }]}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t("sections.location")} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="type" label={t("fields.type")} initialValue="O" rules={[{ required: true }]}>
              <RadioGroup options={tenancyTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="buildingId" label={t("fields.building")} rules={[{ required: true, message: t("validation.buildingRequired") }]}>
              <RecordSelect resource="buildings" searchField="code" data-testid="building-select" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="siteId" label={t("fields.site")}>
              <RecordSelect resource="sites" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="marketingType" label={t("fields.marketingType")}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="merged" valuePropName="checked" label=" " colon={false}>
              <Checkbox>{t("fields.merged")}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t("sections.premises")} style={{ marginBottom: 16 }}>
        <PremisesEditor buildingId={buildingId} />
      </Card>
      <Card size="small" title={t("sections.openingHours")} style={{ marginBottom: 16 }}>
        <OpeningHoursEditor />
      </Card>
      <Card size="small" title={t("fields.remarks")}>
        <Form.Item name="remarks" style={{ margin: 0 }}>
          <Input.TextArea aria-label={t("fields.remarks")} autoSize={{ minRows: 2 }} maxLength={4000} />
        </Form.Item>
      </Card>
    </>
  );
}
