import { Button, Checkbox, Col, Form, Input, Row, Select, Space, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import { channelKinds, channelTypes, checkChannels, normalisePhone, type ChannelKind, type ContactChannel } from "./shared";

type NamePath = (string | number)[];

/**
 * A contact's phones, e-mails, faxes and addresses (spec §3): kind, type, value, floor and the
 * primary flag; the order within a kind is its priority. Each value is checked on blur by the
 * server's own rules (a valid number read in the region's country, a valid e-mail, no number twice,
 * one local phone) and a phone shows the E.164 form it is saved as.
 */
export function ChannelsEditor({ form, listName, absolute }: { form: FormInstance; listName: NamePath; absolute: NamePath }) {
  const { t } = useTranslation("ccdcontacts");
  const region = useSession((s) => s.region);
  const channels: ContactChannel[] = Form.useWatch(absolute, form) ?? [];

  const problemAt = (index: number) => {
    const all: ContactChannel[] = (form.getFieldValue(absolute) ?? []).map((channel: ContactChannel | undefined) => ({
      kind: "PHONE",
      type: "OTHER",
      value: "",
      ...channel,
    }));
    const { problems } = checkChannels(all, region);
    return problems.find((problem) => problem.index === index);
  };

  return (
    <Form.List
      name={listName}
      rules={[
        {
          validator: async (_rule, value: ContactChannel[] | undefined) => {
            const local = checkChannels(value ?? [], region).problems.find((problem) => problem.code === "LOCAL_PHONE_REQUIRED");
            if (local) throw new Error(t("rules.LOCAL_PHONE_REQUIRED", { country: local.country }));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field) => {
            const kind = (channels[field.name]?.kind ?? "PHONE") as ChannelKind;
            const phone = kind === "PHONE" || kind === "FAX" ? normalisePhone(channels[field.name]?.value ?? "", region) : null;
            return (
              <Row key={field.key} gutter={8} align="top" data-testid="channel-row">
                <Col xs={12} md={4}>
                  <Form.Item name={[field.name, "kind"]} rules={[{ required: true, message: t("rules.required", { field: t("fields.kind") }) }]}>
                    <Select aria-label={t("fields.kind")} options={channelKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item name={[field.name, "type"]} rules={[{ required: true, message: t("rules.required", { field: t("fields.type") }) }]}>
                    <Select aria-label={t("fields.type")} options={channelTypes[kind].map((value) => ({ value, label: t(`types.${value}`) }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name={[field.name, "value"]}
                    extra={phone ? t("normalised", { value: phone.e164 }) : undefined}
                    rules={[
                      {
                        validator: async () => {
                          const problem = problemAt(field.name);
                          if (problem) throw new Error(t(`rules.${problem.code}`));
                        },
                      },
                    ]}
                  >
                    <Input aria-label={t(`kinds.${kind}`)} placeholder={t(`kinds.${kind}`)} maxLength={500} />
                  </Form.Item>
                </Col>
                <Col xs={10} md={3}>
                  <Form.Item name={[field.name, "floor"]}>
                    <Input aria-label={t("fields.floor")} placeholder={t("fields.floor")} maxLength={32} />
                  </Form.Item>
                </Col>
                <Col xs={10} md={3}>
                  <Form.Item name={[field.name, "isPrimary"]} valuePropName="checked">
                    <Checkbox>{t("primary")}</Checkbox>
                  </Form.Item>
                </Col>
                <Col xs={4} md={2}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("remove")} onClick={() => remove(field.name)} />
                </Col>
              </Row>
            );
          })}
          <Space wrap>
            {channelKinds.map((kind) => (
              <Button key={kind} size="small" icon={<PlusOutlined />} onClick={() => add({ kind, type: channelTypes[kind][0], value: "" })}>
                {t(`add.${kind}`)}
              </Button>
            ))}
          </Space>
          <Typography.Text type="danger">
            <Form.ErrorList errors={errors} />
          </Typography.Text>
        </>
      )}
    </Form.List>
  );
}
