import { Button, Form, Input, InputNumber, Select, Space } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { templateLimits } from "../../../../../../backend/src/modules/handover/services/building-handover-templates/building-handover-templates.shared";
import { hotbSections } from "../../../../../../backend/src/modules/handover/services/hotb-schedule-items/hotb-schedule-items.shared";
import { hotbKeyLimits } from "../../../../../../backend/src/modules/handover/services/hotb-keys/hotb-keys.shared";

// The lines of a building's handover template, inside the template's form (pages/building-handover-templates/list.tsx).

/** The template's schedule items: a section and an item each. */
export function TemplateItemLines({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation(["building-handover-templates", "hotb"]);
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Space key={field.key} align="start" wrap style={{ display: "flex", marginBottom: 4 }} data-testid="template-item">
              <Form.Item name={[field.name, "section"]} rules={[{ required: true, message: t("sectionRequired") }]} style={{ marginBottom: 4 }}>
                <Select
                  aria-label={`${t("section")} ${index + 1}`}
                  style={{ width: 200 }}
                  options={hotbSections.map((section) => ({ value: section, label: t(`hotb:sections.${section}`) }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, "item"]} rules={[{ required: true, whitespace: true, message: t("itemRequired") }]} style={{ marginBottom: 4 }}>
                <Input
                  aria-label={`${t("item")} ${index + 1}`}
                  maxLength={templateLimits.item}
                  style={{ width: 320, maxWidth: "70vw" }}
                  data-testid="template-item-text"
                />
              </Form.Item>
              <Button danger icon={<DeleteOutlined />} aria-label={`${t("remove")} ${index + 1}`} onClick={() => remove(field.name)} />
            </Space>
          ))}
          {mayEdit && (
            <div>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= templateLimits.items}
                onClick={() => add({ section: "otherItems", item: "" })}
                data-testid="template-add-item"
              >
                {t("addItem")}
              </Button>
            </div>
          )}
        </>
      )}
    </Form.List>
  );
}

/** The template's key lines: an item, its keys and its access cards. */
export function TemplateKeyLines({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation(["building-handover-templates", "hotb"]);
  return (
    <Form.List name="keys">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Space key={field.key} align="start" wrap style={{ display: "flex", marginBottom: 4 }} data-testid="template-key">
              <Form.Item name={[field.name, "item"]} rules={[{ required: true, whitespace: true, message: t("itemRequired") }]} style={{ marginBottom: 4 }}>
                <Input aria-label={`${t("keyItem")} ${index + 1}`} maxLength={hotbKeyLimits.item} style={{ width: 240, maxWidth: "70vw" }} />
              </Form.Item>
              <Form.Item name={[field.name, "keys"]} initialValue={0} style={{ marginBottom: 4 }}>
                <InputNumber aria-label={`${t("keysCount")} ${index + 1}`} min={0} max={hotbKeyLimits.count} precision={0} addonBefore={t("keysCount")} />
              </Form.Item>
              <Form.Item name={[field.name, "accessCards"]} initialValue={0} style={{ marginBottom: 4 }}>
                <InputNumber aria-label={`${t("accessCards")} ${index + 1}`} min={0} max={hotbKeyLimits.count} precision={0} addonBefore={t("accessCards")} />
              </Form.Item>
              <Button danger icon={<DeleteOutlined />} aria-label={`${t("remove")} ${t("keyItem")} ${index + 1}`} onClick={() => remove(field.name)} />
            </Space>
          ))}
          {mayEdit && (
            <div>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= templateLimits.keys}
                onClick={() => add({ item: "", keys: 1, accessCards: 0 })}
                data-testid="template-add-key"
              >
                {t("addKey")}
              </Button>
            </div>
          )}
        </>
      )}
    </Form.List>
  );
}
