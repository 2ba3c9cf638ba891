import { Suspense, type ReactNode } from "react";
import { subject } from "@casl/ability";
import { useTranslation } from "react-i18next";
import { currentAbility, featureEnabled } from "../providers/access-control";
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

/**
 * Whether this user sees a tab another module adds: its feature on in the region and its subject
 * readable by their abilities (the subject's records of this host record, for a tab `scopedBy` a field).
 */
const tabShown = (tab: RecordTab, record: Record<string, any>) =>
  featureEnabled(tab.feature) && currentAbility().can("read", tab.scopedBy ? (subject(tab.subject, { [tab.scopedBy]: record.id }) as any) : tab.subject);

/** The host page's tabs with those other modules add to `name`, each after the tab it names (at the end when that one is not shown). */
export function useWithSlotTabs(name: string, items: TabItem[], record: Record<string, any>, portal: Portal): TabItem[] {
  const { t } = useTranslation();
  const tabs = clientModules().flatMap((module) => module.tabs?.[name] ?? []);
  const shown = tabs.map((tab) => tabShown(tab, record));
  const merged = [...items];
  tabs.forEach(({ key, after, labelKey, Panel }, index) => {
    if (!shown[index]) return;
    const item = {
      key,
      label: t(labelKey),
      children: (
        <Suspense fallback={null}>
          <Panel record={record} portal={portal} />
        </Suspense>
      ),
    };
    const at = merged.findIndex((existing) => existing.key === after);
    merged.splice(at < 0 ? merged.length : at + 1, 0, item);
  });
  return merged;
}
