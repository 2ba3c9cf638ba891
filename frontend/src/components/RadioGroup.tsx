import { forwardRef } from "react";
import { Radio, type RadioGroupProps } from "antd";

/**
 * Ant's Radio.Group as a radio group to a screen reader: antd draws a plain div, which announces
 * nothing of the group and may not carry the aria-required a Form.Item hands it (axe
 * aria-allowed-attr). role="radiogroup" makes it a group and lets "required" be announced.
 */
export const RadioGroup = forwardRef<HTMLDivElement, RadioGroupProps>(function RadioGroup(props, ref) {
  // antd passes role through to its div at runtime (pickAttrs); its types do not list it.
  const role = { role: "radiogroup" } as RadioGroupProps;
  return <Radio.Group ref={ref} {...role} {...props} />;
});
