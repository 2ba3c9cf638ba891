import { Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { isPendingLabel, labelKind } from "./rules";

const COLORS = { N: "green", E: "gold", D: "red" } as const;

/**
 * An addendum label on a line item (addendum-diff.ts): N added, E edited, D removed; a pending
 * variant (NP, EP, DP: the addendum not issued yet) reads "N (pending)" in a dashed, lighter tag.
 */
export function AddendumLabel({ label }: { label?: string | null }) {
  const { t } = useTranslation("tender-revisions");
  const kind = labelKind(label);
  if (!kind) return null;
  const pending = isPendingLabel(label);
  return (
    <Tooltip title={t(`labels.${kind}`) + (pending ? ` (${t("labels.pending")})` : "")}>
      <Tag color={COLORS[kind]} bordered style={pending ? { borderStyle: "dashed", opacity: 0.8 } : undefined} data-testid="addendum-label">
        {pending ? t("labels.pendingTag", { kind }) : kind}
      </Tag>
    </Tooltip>
  );
}
