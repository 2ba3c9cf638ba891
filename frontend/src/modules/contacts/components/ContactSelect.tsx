import { useSelect } from "@refinedev/antd";
import type { BaseKey, BaseRecord } from "@refinedev/core";
import { Select, Typography, type SelectProps } from "antd";
import { useTranslation } from "react-i18next";

type Channel = { kind: string; value: string };

const nameOf = (record: BaseRecord) => `${record.firstName} ${record.lastName}`.trim();
const firstOf = (record: BaseRecord, kind: string) => ((record.channels ?? []) as Channel[]).find((channel) => channel.kind === kind)?.value;

/**
 * A contact picked by name, company, phone fragment or e-mail (the list's `q` search), on the
 * server. Each option says what tells look-alikes apart (issue 27 item 14): company, first phone,
 * first e-mail and the contact's id; `exclude` leaves contacts out (the merge leaves the kept one).
 */
export function ContactSelect({ value, exclude = [], ...rest }: Omit<SelectProps, "options" | "onSearch"> & { exclude?: readonly BaseKey[] }) {
  const { t } = useTranslation("ccdcontacts");
  const { selectProps, query } = useSelect<BaseRecord>({
    resource: "ccdcontacts",
    optionLabel: ((record: BaseRecord) => [nameOf(record), record.companyName].filter(Boolean).join(" — ")) as never,
    optionValue: "id" as never,
    defaultValue: value as BaseKey | undefined,
    pagination: { pageSize: 20, mode: "server" },
    debounce: 300,
    onSearch: (text) => [{ field: "q", operator: "eq", value: text.trim() || undefined }],
  });
  const excluded = new Set(exclude.map(String));
  const records = new Map((query.data?.data ?? []).map((record) => [String(record.id), record]));
  const options = (selectProps.options ?? []).filter((option) => !excluded.has(String(option.value)));
  return (
    <Select
      {...selectProps}
      options={options}
      value={value}
      allowClear
      showSearch
      filterOption={false}
      optionRender={(option) => {
        const record = records.get(String(option.value));
        if (!record) return option.label;
        const details = [
          record.companyName,
          firstOf(record, "PHONE") && `${t("kinds.PHONE")} ${firstOf(record, "PHONE")}`,
          firstOf(record, "EMAIL") && `${t("kinds.EMAIL")} ${firstOf(record, "EMAIL")}`,
          `#${record.id}`,
        ].filter(Boolean);
        return (
          <div data-testid="contact-option">
            <div>{nameOf(record)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {details.join(" · ")}
            </Typography.Text>
          </div>
        );
      }}
      {...rest}
    />
  );
}
