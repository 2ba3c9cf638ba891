import { Card, Checkbox, Col, Form, Input, Row, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { unacceptedTerms } from "../../../../../../backend/src/modules/tenders/services/tender-terms/tender-terms.shared";
import type { TenderTermsResult } from "../TenderTerms";

/** The tender's terms, each ticked on its own (spec §5), and who signs for the vendor; inside the bid's form. */
export function BidTermsCard({ terms, open, unticked }: { terms: TenderTermsResult; open: boolean; unticked: readonly unknown[] }) {
  const { t } = useTranslation("bids");
  return (
    <Card title={t("sections.terms")} size="small" style={{ marginBottom: 16 }}>
      <Form.Item
        name="termsAccepted"
        validateTrigger={[]}
        extra={open && unticked.length > 0 ? t("terms.remaining", { count: unticked.length }) : undefined}
        rules={[
          {
            validator: async (_, ticked: string[] | undefined) => {
              if (unacceptedTerms(terms.items, ticked).length) throw new Error(t("validation.terms"));
            },
          },
        ]}
      >
        <Checkbox.Group style={{ width: "100%" }} data-testid="terms">
          <Space direction="vertical" style={{ width: "100%" }}>
            {terms.items.length === 0 && <Typography.Text type="secondary">{t("terms.none")}</Typography.Text>}
            {terms.items.map((item, index) => (
              <Checkbox key={item.id} value={item.id} data-testid={`term-${item.id}`}>
                <Typography.Text strong>{`${index + 1}. ${item.title}`}</Typography.Text>
                <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>{item.text}</Typography.Paragraph>
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      </Form.Item>
      {terms.version != null && <Typography.Paragraph type="secondary">{t("terms.version", { version: terms.version })}</Typography.Paragraph>}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={["tncInfo", "name"]} label={t("fields.signatory")}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={["tncInfo", "position"]} label={t("fields.position")}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
