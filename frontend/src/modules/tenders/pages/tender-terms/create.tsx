import { useEffect, useRef, useState } from "react";
import { Create } from "../../../../components/crud";
import { Alert, Button, Card, Form, Input, Space } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useVersionedForm } from "../../../../components/settings/useVersionedForm";
import { RecordSelect } from "../../../../components/settings/RecordSelect";
import { api } from "../../../../providers/api";
import {
  termTextMaxLength,
  termTitleMaxLength,
  tenderTermsPath,
  type TermItem,
} from "../../../../../../backend/src/modules/tenders/services/tender-terms/tender-terms.shared";

const BLANK = [{ title: "", text: "" }];

/**
 * A new version of a department's terms: it starts from the latest version (to amend it) and is
 * saved as the next version number; versions already stamped on tenders never change.
 */
export function TenderTermsCreate() {
  const { t } = useTranslation("tender-terms");
  const { formProps, saveButtonProps, form } = useVersionedForm();
  const departmentId = Form.useWatch("departmentId", form);
  // The department's latest version: undefined until it is read, null when there is none.
  const [latest, setLatest] = useState<number | null | undefined>(undefined);
  // The terms as this screen last filled them in: the department's latest version replaces them
  // only while they are so, never what the user has typed meanwhile.
  const filled = useRef(JSON.stringify(BLANK));

  useEffect(() => {
    if (!departmentId) return;
    let live = true;
    setLatest(undefined);
    api<{ data: { version: number; items: TermItem[] }[] }>(tenderTermsPath, { query: { departmentId, $sort: { version: -1 }, $limit: 1 } })
      .then((page) => {
        if (!live) return;
        const current = page.data[0];
        setLatest(current?.version ?? null);
        if (JSON.stringify(form.getFieldValue("items")) !== filled.current) return;
        const items = current ? current.items.map(({ title, text }) => ({ title, text })) : BLANK;
        form.setFieldValue("items", items);
        filled.current = JSON.stringify(items);
      })
      .catch(() => live && setLatest(null));
    return () => {
      live = false;
    };
  }, [departmentId, form]);

  const required = { required: true, whitespace: true, message: t("validation.required") };
  return (
    <Create saveButtonProps={saveButtonProps} title={t("titles.create")}>
      <Form {...formProps} layout="vertical" initialValues={{ items: BLANK }}>
        <Form.Item name="departmentId" label={t("fields.department")} rules={[{ required: true, message: t("validation.required") }]}>
          <RecordSelect resource="departments" data-testid="terms-department" />
        </Form.Item>
        {Boolean(departmentId) && latest !== undefined && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="terms-next-version"
            message={latest ? t("nextVersion", { latest, next: latest + 1 }) : t("firstVersion")}
          />
        )}
        <Form.List
          name="items"
          rules={[
            {
              validator: async (_, items) => {
                if (!items?.length) throw new Error(t("validation.atLeastOne"));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Space direction="vertical" style={{ width: "100%" }}>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  title={t("item", { n: index + 1 })}
                  data-testid="terms-item"
                  extra={<Button danger type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t("actions.removeItem")} />}
                >
                  <Form.Item name={[field.name, "title"]} label={t("fields.title")} rules={[required]} validateTrigger="onBlur">
                    <Input maxLength={termTitleMaxLength} data-testid="terms-item-title" />
                  </Form.Item>
                  <Form.Item name={[field.name, "text"]} label={t("fields.text")} rules={[required]} validateTrigger="onBlur" style={{ marginBottom: 0 }}>
                    <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={termTextMaxLength} data-testid="terms-item-text" />
                  </Form.Item>
                </Card>
              ))}
              <Form.ErrorList errors={errors} />
              <Button icon={<PlusOutlined />} onClick={() => add({ title: "", text: "" })} data-testid="terms-add-item">
                {t("actions.addItem")}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form>
    </Create>
  );
}
