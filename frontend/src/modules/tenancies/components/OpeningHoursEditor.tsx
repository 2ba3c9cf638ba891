import { Form, Select, Table } from "antd";
import { useTranslation } from "react-i18next";
import { ANYTIME, openingDays, workingHourOptions } from "../../../../../backend/src/modules/tenancies/services/tenancies/tenancies.shared";
import { CLOSED } from "./hours";

/** Opening hours (spec §3, §9): per day Monday to Sunday and PH, closed, Anytime, or half-hourly times to 23:59. */
export function OpeningHoursEditor() {
  const { t } = useTranslation("tenancies");
  const startOptions = [
    { value: CLOSED, label: t("hours.closed") },
    ...workingHourOptions.map((value) => ({ value, label: value === ANYTIME ? t("hours.anytime") : value })),
  ];
  const endOptions = workingHourOptions.filter((value) => value !== ANYTIME).map((value) => ({ value, label: value }));
  return (
    <Table
      size="small"
      rowKey={(day) => day}
      pagination={false}
      dataSource={[...openingDays]}
      columns={[
        { title: t("hours.day"), width: 120, render: (_, day) => t(`days.${day}`) },
        {
          title: t("hours.start"),
          render: (_, day) => (
            <Form.Item name={["hours", day, "start"]} style={{ margin: 0 }}>
              <Select
                aria-label={`${t(`days.${day}`)} ${t("hours.start")}`}
                style={{ width: 130 }}
                showSearch
                optionFilterProp="label"
                options={startOptions}
              />
            </Form.Item>
          ),
        },
        {
          title: t("hours.end"),
          render: (_, day) => (
            <Form.Item noStyle shouldUpdate={(a, b) => a.hours?.[day]?.start !== b.hours?.[day]?.start}>
              {({ getFieldValue }) => {
                const start = getFieldValue(["hours", day, "start"]);
                const open = start && start !== ANYTIME;
                return (
                  <Form.Item
                    name={["hours", day, "end"]}
                    style={{ margin: 0 }}
                    dependencies={[["hours", day, "start"]]}
                    rules={[
                      {
                        validator: async (_, end) => {
                          if (open && (!end || end <= start)) throw new Error(t("hours.endAfterStart"));
                        },
                      },
                    ]}
                  >
                    <Select aria-label={`${t(`days.${day}`)} ${t("hours.end")}`} style={{ width: 130 }} showSearch disabled={!open} options={endOptions} />
                  </Form.Item>
                );
              }}
            </Form.Item>
          ),
        },
      ]}
    />
  );
}
