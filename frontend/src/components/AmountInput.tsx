import { InputNumber, type InputNumberProps } from "antd";

/** 1234567.5 → "1,234,567.5": thousands separators in the whole part, the decimals as they are. */
export function groupThousands(value: unknown): string {
  if (value === undefined || value === null || value === "") return "";
  const [whole, decimals] = String(value).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return decimals === undefined ? grouped : `${grouped}.${decimals}`;
}

/**
 * A money input: shown with thousands separators once the user stops typing, and typed with or
 * without them (spec §5 "commas as thousands separators"). Decimals are not rounded for show: the
 * form's rules say when there are more than 2.
 */
export function AmountInput(props: InputNumberProps<number>) {
  // A formatter replaces antd's own display: a fixed `precision` is applied here (8000 → 8,000.00).
  const fixed = (value: unknown) =>
    props.precision !== undefined && value !== "" && value !== null && value !== undefined && Number.isFinite(Number(value))
      ? Number(value).toFixed(props.precision)
      : value;
  return (
    <InputNumber<number>
      {...props}
      formatter={(value, info) => (info.userTyping ? info.input : groupThousands(fixed(value)))}
      // An empty field stays empty (not 0).
      parser={(text) => (text ?? "").replace(/,/g, "").trim() as unknown as number}
    />
  );
}
