import { useState } from "react";
import { Button, Empty, Input, List, Space, Tooltip, Typography } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

export interface StringListEditorProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Rows can be moved up and down (the order means something, e.g. floors lowest first). */
  ordered?: boolean;
  placeholder?: string;
  maxLength?: number;
  /** Test id prefix, e.g. `floors` → `floors-new`, `floors-add`. */
  id?: string;
  disabled?: boolean;
  /** The list's name (the form item's label): each row's input is named after it and its position. */
  label?: string;
}

/**
 * Edits a list of short texts as a form control: add at the end, rename in place, remove, and
 * (ordered) move up or down. Blank and duplicate (case-insensitive) entries are refused when added.
 */
export function StringListEditor({ value, onChange, ordered, placeholder, maxLength = 32, id, disabled, label }: StringListEditorProps) {
  const { t } = useTranslation("settings");
  const items = value ?? [];
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const set = (next: string[]) => onChange?.(next);
  const add = () => {
    const text = draft.trim();
    if (!text) return;
    if (items.some((item) => item.trim().toLowerCase() === text.toLowerCase())) {
      setProblem(t("listEditor.duplicate", { value: text }));
      return;
    }
    set([...items, text]);
    setDraft("");
    setProblem(null);
  };
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    set(next);
  };

  return (
    <div id={id}>
      <List
        // A value's place is what names it: values may repeat while they are typed.
        rowKey="index"
        size="small"
        bordered
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("listEditor.empty")} /> }}
        dataSource={items.map((item, index) => ({ item, index }))}
        style={{ marginBottom: 8, maxHeight: 320, overflowY: "auto" }}
        renderItem={({ item, index }) => (
          <List.Item
            data-testid={id ? `${id}-row` : undefined}
            actions={[
              ...(ordered
                ? [
                    <Tooltip key="up" title={t("listEditor.moveUp")}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={t("listEditor.moveUp")}
                        disabled={disabled || index === 0}
                        onClick={() => move(index, -1)}
                      />
                    </Tooltip>,
                    <Tooltip key="down" title={t("listEditor.moveDown")}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={t("listEditor.moveDown")}
                        disabled={disabled || index === items.length - 1}
                        onClick={() => move(index, 1)}
                      />
                    </Tooltip>,
                  ]
                : []),
              <Tooltip key="remove" title={t("listEditor.remove")}>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t("listEditor.remove")}
                  disabled={disabled}
                  onClick={() => set(items.filter((_, i) => i !== index))}
                />
              </Tooltip>,
            ]}
          >
            <Space>
              {ordered && (
                <Typography.Text type="secondary" style={{ minWidth: 24, display: "inline-block" }}>
                  {index + 1}.
                </Typography.Text>
              )}
              <Input
                variant="borderless"
                value={item}
                aria-label={t("listEditor.entry", { list: label ?? t("listEditor.list"), number: index + 1 })}
                maxLength={maxLength}
                disabled={disabled}
                onChange={(event) => set(items.map((old, i) => (i === index ? event.target.value : old)))}
              />
            </Space>
          </List.Item>
        )}
      />
      <Space.Compact style={{ width: "100%" }}>
        <Input
          value={draft}
          maxLength={maxLength}
          placeholder={placeholder ?? t("listEditor.placeholder")}
          aria-label={t("listEditor.new", { list: label ?? t("listEditor.list") })}
          disabled={disabled}
          data-testid={id ? `${id}-new` : undefined}
          status={problem ? "error" : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onPressEnter={(event) => {
            event.preventDefault();
            add();
          }}
        />
        <Button icon={<PlusOutlined />} onClick={add} disabled={disabled || !draft.trim()} data-testid={id ? `${id}-add` : undefined}>
          {t("listEditor.add")}
        </Button>
      </Space.Compact>
      {problem && (
        <Typography.Text type="danger" role="alert" style={{ display: "block", marginTop: 4 }}>
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
