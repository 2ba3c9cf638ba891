import { useState } from "react";
import { InputNumber, theme, type InputNumberProps } from "antd";
import { useTranslation } from "react-i18next";

/** 1234567.5 → "1,234,567.5": thousands separators in the whole part, the decimals as they are. */
export function groupThousands(value: unknown): string {
  if (value === undefined || value === null || value === "") return "";
  const [whole, decimals] = String(value).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return decimals === undefined ? grouped : `${grouped}.${decimals}`;
}

/** What an amount may be typed as: digits with commas, one decimal point, a sign. */
const TYPED_AMOUNT = /^[+-]?[\d,]*\.?\d*$/;

/** Whether typed text is no amount at all (letters, two decimal points): the input would drop it. */
export const isRefusedAmount = (text: string) => text.trim() !== "" && !TYPED_AMOUNT.test(text.trim());

/**
 * A money input: shown with thousands separators once the user stops typing, and typed with or
 * without them (spec §5 "commas as thousands separators"). Decimals are not rounded for show: the
 * form's rules say when there are more than 2. Text that is no amount (letters) cannot be kept,
 * so the field says so where it is typed (spec §10: invalid input gets an error state and a hint)
 * instead of dropping it without a word.
 */
export function AmountInput(props: InputNumberProps<number>) {
  const { t } = useTranslation("common");
  const { token } = theme.useToken();
  const [refused, setRefused] = useState(false);
  // A formatter replaces antd's own display: a fixed `precision` is applied here (8000 → 8,000.00).
  const fixed = (value: unknown) =>
    props.precision !== undefined && value !== "" && value !== null && value !== undefined && Number.isFinite(Number(value))
      ? Number(value).toFixed(props.precision)
      : value;
  const hintId = props.id ? `${props.id}_amount_hint` : undefined;
  return (
    <>
      <InputNumber<number>
        {...props}
        status={refused ? "error" : props.status}
        aria-invalid={refused || undefined}
        aria-describedby={refused ? hintId : undefined}
        onInput={(text) => {
          setRefused(isRefusedAmount(text));
          props.onInput?.(text);
        }}
        formatter={(value, info) => (info.userTyping ? info.input : groupThousands(fixed(value)))}
        // An empty field stays empty (not 0).
        parser={(text) => (text ?? "").replace(/,/g, "").trim() as unknown as number}
      />
      {refused && (
        <div
          id={hintId}
          role="alert"
          data-testid="amount-input-error"
          style={{ color: token.colorError, fontSize: token.fontSizeSM, lineHeight: token.lineHeightSM }}
        >
          {t("validation.amount")}
        </div>
      )}
    </>
  );
}
