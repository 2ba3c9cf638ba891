import { Suspense, type ReactNode } from "react";
import type { Portal } from "../types/session";
import type { RecordTab } from "./manifest";
import { clientModules } from "../providers/modules";

/**
 * The fields other modules add to a dialog: each manifest's `slots[name]`, in the modules' order
 * (e.g. the vendors' standing that the projects module adds to the tender's issue dialog). A slot
 * is usually lazy (its code stays out of the first load): the dialog shows without it until it arrives.
 */
export function Slot({ name }: { name: string }) {
  return (
    <>
      {clientModules().map((module) => {
        const Fields = module.slots?.[name];
        return Fields ? (
          <Suspense key={module.name} fallback={null}>
            <Fields />
          </Suspense>
        ) : null;
      })}
    </>
  );
}

interface TabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/** The tabs other modules add to the record page `name`, each asked whether this user sees it (a hook, called for every module's tab in the same order). */
function useSlotTabs(name: string): RecordTab[] {
  const tabs = clientModules().flatMap((module) => module.tabs?.[name] ?? []);
  const shown = tabs.map((tab) => tab.useShown());
  return tabs.filter((_, index) => shown[index]);
}

/** The host page's tabs with those other modules add to `name`, each after the tab it names (at the end when that one is not shown). */
export function useWithSlotTabs(name: string, items: TabItem[], record: Record<string, any>, portal: Portal): TabItem[] {
  const added = useSlotTabs(name);
  const merged = [...items];
  for (const { key, after, Label, Panel } of added) {
    const item = {
      key,
      label: <Label />,
      children: (
        <Suspense fallback={null}>
          <Panel record={record} portal={portal} />
        </Suspense>
      ),
    };
    const at = merged.findIndex((existing) => existing.key === after);
    merged.splice(at < 0 ? merged.length : at + 1, 0, item);
  }
  return merged;
}
