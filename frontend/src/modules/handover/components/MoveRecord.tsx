import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Card, DatePicker, Descriptions, Form, Input, Modal, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { currentAbility } from "../../../providers/access-control";
import { dateInputFormat, formatDate } from "../../../components/format";

const day = (value: Dayjs | null | undefined) => (value ? value.format("YYYY-MM-DD") : null);

/**
 * A completed handover proposes the tenancy's move-in record, a completed takeback its move-out
 * (issue 31 §9; spec tenancies §5): the move names this record instead of remarks, prefilled with
 * its actual date, first floor and premises; once recorded it is shown here with a link to the
 * tenancy. For staff who record moves; the server checks the link through this record's rules.
 */
export function MoveRecord({ record, floors }: { record: Record<string, any>; floors: string[] }) {
  const { t } = useTranslation("hotb");
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const kind = record.type === "HANDOVER" ? "MOVE_IN" : "MOVE_OUT";
  const { result, query } = useList({
    resource: "moves",
    filters: [
      { field: "tenancyId", operator: "eq", value: record.tenancyId },
      { field: "handoverId", operator: "eq", value: record.id },
    ],
    pagination: { pageSize: 1 },
    queryOptions: { enabled: record.status === "COMPLETED" && currentAbility().can("read", "moves") },
  });
  if (record.status !== "COMPLETED" || !currentAbility().can("read", "moves")) return null;
  const move = result?.data?.[0];

  const start = () => {
    form.setFieldsValue({
      date: record.actualDate ? dayjs(record.actualDate) : dayjs(),
      floor: floors.find((floor) => (record.premises ?? []).includes(floor)) ?? record.premises?.[0],
      premises: (record.premises ?? []).join(", "),
      businessDate: null,
    });
    setOpen(true);
  };
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api("moves", {
        method: "POST",
        action: "moves.create",
        body: {
          tenancyId: record.tenancyId,
          kind,
          handoverId: record.id,
          date: day(values.date),
          floor: values.floor,
          premises: values.premises || null,
          businessDate: day(values.businessDate),
        },
      });
      notifySuccess(t(`move.done.${kind}`));
      setOpen(false);
      void query.refetch();
    } catch (error) {
      notifyError("moves.create", error, record.name);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t(`move.title.${kind}`)} data-testid="hotb-move">
      {move ? (
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t("move.date")}>{formatDate(move.date)}</Descriptions.Item>
          <Descriptions.Item label={t("move.floor")}>{move.floor}</Descriptions.Item>
          <Descriptions.Item label={t(`move.businessDate.${kind}`)}>{move.businessDate ? formatDate(move.businessDate) : "-"}</Descriptions.Item>
          <Descriptions.Item label={t("move.tenancy")}>
            <Link to={`/tenancies/view/${record.tenancyId}`}>{t("move.openTenancy")}</Link>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <>
          <p>{t(`move.proposal.${kind}`)}</p>
          {currentAbility().can("create", "moves") && (
            <Button type="primary" onClick={start} data-testid="hotb-move-record">
              {t(`move.record.${kind}`)}
            </Button>
          )}
        </>
      )}
      <Modal
        open={open}
        title={t(`move.record.${kind}`)}
        onOk={() => void save()}
        okButtonProps={{ loading: busy }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} name="hotbMove" layout="vertical" validateTrigger="onBlur">
          <Form.Item name="date" label={t("move.date")} rules={[{ required: true, message: t("move.required") }]}>
            <DatePicker format={dateInputFormat()} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="floor" label={t("move.floor")} rules={[{ required: true, message: t("move.required") }]}>
            <Select aria-label={t("move.floor")} options={floors.map((floor) => ({ value: floor, label: floor }))} showSearch />
          </Form.Item>
          <Form.Item name="premises" label={t("move.premises")}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="businessDate" label={t(`move.businessDate.${kind}`)}>
            <DatePicker format={dateInputFormat()} style={{ width: "100%" }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
