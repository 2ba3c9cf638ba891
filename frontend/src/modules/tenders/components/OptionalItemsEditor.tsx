import { Button, Checkbox, Col, Form, Input, Row, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { moneyProblem } from "./rules";
import { AmountInput } from "../../../components/AmountInput";

/**
 * The tender's optional items (spec §3 general.optionalItems: name, value, text, selected): extras
 * the engineer offers beside the priced lines, e.g. an extended warranty, each with an optional
 * value and a note; `selected` marks the ones the tender includes.
 */
export function OptionalItemsEditor({ readOnly }: { readOnly?: boolean }) {
  const { t } = useTranslation("tenders");
  const money = [
    {
      validator: async (_: unknown, value: unknown) => {
        const problem = moneyProblem(value as number | null | undefined);
        if (problem) throw new Error(t(`validation.money.${problem}`));
      },
    },
  ];
  return (
    <Form.List name={["general", "optionalItems"]}>
      {(fields, { add, remove }) => (
        <div data-testid="optional-items">
          <Typography.Text strong>{t("optionalItems.title")}</Typography.Text>
          {fields.length === 0 && <Typography.Paragraph type="secondary">{t("optionalItems.none")}</Typography.Paragraph>}
          {fields.map((field) => (
            <Row key={field.key} gutter={8} align="top" style={{ marginTop: 8 }} data-testid="optional-item">
              <Col flex="none">
                <Form.Item name={[field.name, "selected"]} valuePropName="checked" style={{ marginBottom: 0 }}>
                  <Checkbox aria-label={t("optionalItems.selected")}>{t("optionalItems.selected")}</Checkbox>
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item
                  name={[field.name, "name"]}
                  rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
                  validateTrigger="onBlur"
                  style={{ marginBottom: 0 }}
                >
                  <Input maxLength={255} placeholder={t("optionalItems.name")} data-testid="optional-item-name" />
                </Form.Item>
              </Col>
              <Col xs={24} md={4}>
                <Form.Item name={[field.name, "value"]} rules={money} validateTrigger="onBlur" style={{ marginBottom: 0 }}>
                  <AmountInput step={0.01} style={{ width: "100%" }} placeholder={t("optionalItems.value")} data-testid="optional-item-value" />
                </Form.Item>
              </Col>
              <Col flex="auto">
                <Form.Item name={[field.name, "text"]} style={{ marginBottom: 0 }}>
                  <Input maxLength={1000} placeholder={t("optionalItems.text")} />
                </Form.Item>
              </Col>
              {!readOnly && (
                <Col flex="none">
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t("optionalItems.remove")} />
                </Col>
              )}
            </Row>
          ))}
          {!readOnly && (
            <Button style={{ marginTop: 8 }} icon={<PlusOutlined />} onClick={() => add({ name: "", selected: false })} data-testid="add-optional-item">
              {t("optionalItems.add")}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
