import { Button, Card, Input, Space, Tooltip } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { guidelineItemIdPattern, guidelineLimits } from "../../../../../backend/src/modules/tenant-projects/services/guidelines/guidelines.shared";

export interface EditLine {
  key: string;
  value: string;
}
export interface EditSection {
  key: string;
  itemId: string;
  lines: EditLine[];
}

let keys = 0;
export const newKey = () => `k${++keys}`;

const itemIdPattern = new RegExp(guidelineItemIdPattern);

/** What is wrong with a section, as an i18n key of the `guidelines` namespace (undefined: nothing). */
export function sectionProblem(section: EditSection, sections: readonly EditSection[]): string | undefined {
  const itemId = section.itemId.trim();
  if (!itemIdPattern.test(itemId) || sections.filter((other) => other.itemId.trim().toLowerCase() === itemId.toLowerCase()).length > 1) return "invalid.itemId";
  if (!section.lines.some((line) => line.value.trim())) return "invalid.lines";
  return undefined;
}

const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  const [moved] = copy.splice(from, 1);
  copy.splice(to, 0, moved);
  return copy;
};

/** Small icon buttons that move or remove one entry of a list. */
function EntryButtons({
  label,
  index,
  count,
  onMove,
  onRemove,
  disabled,
}: {
  label: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("guidelines");
  return (
    <Space.Compact>
      <Tooltip title={t("actions.moveUp")}>
        <Button
          size="small"
          icon={<ArrowUpOutlined />}
          aria-label={`${t("actions.moveUp")}: ${label}`}
          disabled={disabled || index === 0}
          onClick={() => onMove(index - 1)}
        />
      </Tooltip>
      <Tooltip title={t("actions.moveDown")}>
        <Button
          size="small"
          icon={<ArrowDownOutlined />}
          aria-label={`${t("actions.moveDown")}: ${label}`}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(index + 1)}
        />
      </Tooltip>
      <Tooltip title={t("actions.remove")}>
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t("actions.remove")}: ${label}`} disabled={disabled} onClick={onRemove} />
      </Tooltip>
    </Space.Compact>
  );
}

/**
 * The sections of a type's guidelines as staff edit them: each section its item number and its
 * ordered lines; lines and sections are added, removed and moved in place.
 */
export function GuidelineSectionsEditor({
  sections,
  onChange,
  disabled,
}: {
  sections: EditSection[];
  onChange: (next: EditSection[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("guidelines");
  const change = (index: number, section: EditSection) => onChange(sections.map((each, at) => (at === index ? section : each)));
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {sections.map((section, index) => {
        const problem = sectionProblem(section, sections);
        const label = t("fields.section", { itemId: section.itemId || index + 1 });
        return (
          <Card
            key={section.key}
            size="small"
            data-testid={`guideline-section-${index}`}
            title={
              <Space>
                <span>{t("fields.itemId")}</span>
                <Input
                  value={section.itemId}
                  maxLength={guidelineLimits.itemId}
                  status={problem === "invalid.itemId" ? "error" : undefined}
                  aria-label={`${t("fields.itemId")} ${index + 1}`}
                  style={{ width: 90 }}
                  disabled={disabled}
                  onChange={(event) => change(index, { ...section, itemId: event.target.value })}
                />
              </Space>
            }
            extra={
              <EntryButtons
                label={label}
                index={index}
                count={sections.length}
                disabled={disabled}
                onMove={(to) => onChange(move(sections, index, to))}
                onRemove={() => onChange(sections.filter((_, at) => at !== index))}
              />
            }
          >
            <Space direction="vertical" style={{ width: "100%" }}>
              {section.lines.map((line, lineIndex) => (
                <div key={line.key} style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
                  <span style={{ width: 28, paddingTop: 5, textAlign: "right", color: "rgba(0,0,0,0.65)" }}>
                    {lineIndex === 0 ? `${section.itemId}.` : `${String.fromCharCode(96 + Math.min(lineIndex, 26))}.`}
                  </span>
                  <Input.TextArea
                    value={line.value}
                    autoSize={{ minRows: 1, maxRows: 6 }}
                    maxLength={guidelineLimits.line}
                    aria-label={t("fields.line", { itemId: section.itemId, n: lineIndex + 1 })}
                    disabled={disabled}
                    style={{ flex: 1, fontWeight: lineIndex === 0 ? 600 : undefined }}
                    onChange={(event) =>
                      change(index, { ...section, lines: section.lines.map((each) => (each.key === line.key ? { ...each, value: event.target.value } : each)) })
                    }
                  />
                  <EntryButtons
                    label={t("fields.line", { itemId: section.itemId, n: lineIndex + 1 })}
                    index={lineIndex}
                    count={section.lines.length}
                    disabled={disabled}
                    onMove={(to) => change(index, { ...section, lines: move(section.lines, lineIndex, to) })}
                    onRemove={() => change(index, { ...section, lines: section.lines.filter((each) => each.key !== line.key) })}
                  />
                </div>
              ))}
              {problem && <span style={{ color: "#ff4d4f" }}>{t(problem)}</span>}
              <Button
                size="small"
                type="dashed"
                icon={<PlusOutlined />}
                disabled={disabled || section.lines.length >= guidelineLimits.lines}
                onClick={() => change(index, { ...section, lines: [...section.lines, { key: newKey(), value: "" }] })}
              >
                {t("actions.addLine")}
              </Button>
            </Space>
          </Card>
        );
      })}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={disabled || sections.length >= guidelineLimits.items}
        onClick={() => onChange([...sections, { key: newKey(), itemId: String(sections.length + 1), lines: [{ key: newKey(), value: "" }] }])}
      >
        {t("actions.addSection")}
      </Button>
    </Space>
  );
}
