import { Create } from "../../../../components/crud";
import { Button, Card, Divider, Form, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useVersionedForm } from "../../../../components/settings/useVersionedForm";
import { CompanyFields } from "../../components/CompanyFields";
import { ContactFields } from "../../components/ContactFields";
import { DuplicateWarning } from "../../components/DuplicateWarning";

const newContact = () => ({
  status: "ACTIVE",
  channels: [
    { kind: "PHONE", type: "OFFICE", value: "" },
    { kind: "EMAIL", type: "WORK", value: "" },
  ],
});

/** A new company with its contacts, at least one (spec §5), saved together; duplicates shown for each contact before saving. */
export function CcdCompanyCreate() {
  const { t } = useTranslation("ccdcompanies");
  const { formProps, saveButtonProps, form } = useVersionedForm({ redirect: "show" });
  const contacts = (Form.useWatch("contacts", form) ?? []) as Record<string, never>[];
  return (
    <Create saveButtonProps={saveButtonProps} title={t("titles.create")}>
      <Form
        {...formProps}
        layout="vertical"
        validateTrigger="onBlur"
        scrollToFirstError
        initialValues={{ type: "O", status: "ACTIVE", contacts: [newContact()] }}
      >
        <CompanyFields form={form} />
        <Divider orientation="left">{t("contacts")}</Divider>
        <Typography.Paragraph type="secondary">{t("contactsHelp")}</Typography.Paragraph>
        <Form.List
          name="contacts"
          rules={[
            {
              validator: async (_rule, value?: unknown[]) => {
                if (!value?.length) throw new Error(t("contactsHelp"));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  style={{ marginBottom: 16 }}
                  title={t("contact", { n: index + 1 })}
                  data-testid="company-contact"
                  extra={fields.length > 1 && <Button type="text" danger icon={<DeleteOutlined />} aria-label="remove" onClick={() => remove(field.name)} />}
                >
                  <DuplicateWarning probe={contacts[field.name] ?? {}} />
                  <ContactFields form={form} prefix={[field.name]} absolute={["contacts", field.name]} />
                </Card>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add(newContact())}>
                {t("addContact")}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form>
    </Create>
  );
}
