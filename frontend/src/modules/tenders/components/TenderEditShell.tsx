import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useOne, useWarnAboutChange } from "@refinedev/core";
import { Alert, Button, Card, Form, Space, Spin, type FormInstance } from "antd";
import { SaveOutlined } from "@ant-design/icons";
import { Navigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toFormValues } from "./tender-form-values";
import { useRegionTimeZone } from "./api";
import type { TenderRoute, TenderSection } from "./rules";
import { tenderPath, tenderRouteOpen, tenderRoutePath, type RoutedTender } from "./paths";
import { portalHome } from "./review/TenderRouteScreen";
import { ActionsDisabledReason } from "../../../components/workflow/ActionButtons";
import { useSession } from "../../../providers/session";
import { useEditLock, type EditLockState } from "../../../components/edit-lock/useEditLock";
import { EditLockBanner } from "../../../components/edit-lock/EditLockBanner";
import { useRegionCurrency } from "../../../components/settings/format";
import { api, isApiError } from "../../../providers/api";
import { EditConflictView } from "../../../components/settings/EditConflictView";
import { useDialogConflict } from "../../../components/settings/useDialogConflict";
import type { EditConflict } from "../../../components/settings/useVersionedForm";
import { notifyError } from "../../../providers/notifications";

type Tender = Record<string, any>;

export interface TenderEditOptions {
  /** The content shown in the form (the tender itself, or with an addendum's draft over it). */
  content?: (record: Tender) => Tender;
  /** The sections still missing in a saved record, by the rule the server reports them with. */
  missingOf: (record: Tender) => TenderSection[];
  /** Whether the record, after a workflow step, is still edited here. */
  stillEditable: (record: Tender) => boolean;
  /** Where to go once it is not. */
  leaveTo: (record: Tender) => string;
  initialTab: string;
  onLeave: (path: string) => void;
}

export interface TenderEditShell {
  form: FormInstance;
  lock: EditLockState;
  /** The record as last stored (undefined while loading). */
  record: Tender | undefined;
  /** The record as the screen opened it: whether this screen applies is decided on it (later steps leave by `leaveTo`). */
  opened: Tender | undefined;
  loadFailed: boolean;
  timeZone: string;
  missing: TenderSection[];
  tab: string;
  setTab: (tab: string) => void;
  saving: boolean;
  /** Runs a save of the screen's own kind and keeps the record and the missing sections in step; answers the saved updatedAt. */
  save: (write: (record: Tender) => Promise<Tender>) => Promise<string>;
  /** For the form: the user changed something, so leaving asks first (spec: a dirty form). */
  onValuesChange: () => void;
  /** For the workflow buttons: the stored record after a step, and the error of a failed one. */
  onDone: (record: Tender) => void;
  onError: (operation: string, error: unknown) => void;
  /** A save someone else's overtook (410): what they changed, theirs and yours per field. */
  conflict: EditConflict | undefined;
}

/**
 * What the tender edit screens share: the record read fresh once (later refetches do not overwrite
 * typing), the edit lock renewed while the form is open, saving, and the sections a submission
 * found missing (their tab opens), and leaving with unsaved changes asks first (Refine's
 * UnsavedChangesNotifier). A save another user's overtook (410) keeps the typing and offers what
 * their save changed, field by field (EditConflictView); the next save goes on their version.
 */
export function useTenderEditShell(options: TenderEditOptions): TenderEditShell {
  const { id } = useParams();
  const timeZone = useRegionTimeZone();
  const [form] = Form.useForm();
  const lock = useEditLock("tenders", id);
  // A tender that is not there or not the user's to read sends the user home without a word (spec §2).
  const { query } = useOne<Tender>({
    resource: "tenders",
    id,
    liveMode: "off",
    queryOptions: { enabled: Boolean(id), retry: false },
    errorNotification: false,
  });
  const [record, setRecord] = useState<Tender | undefined>(undefined);
  const [opened, setOpened] = useState<Tender | undefined>(undefined);
  const [missing, setMissing] = useState<TenderSection[]>([]);
  const [tab, setTab] = useState(options.initialTab);
  const [saving, setSaving] = useState(false);
  const loadedId = useRef<string | undefined>(undefined);
  const content = options.content ?? ((tender: Tender) => tender);
  // content is the screen's pure view of the record: a new function each render, the same rule.
  const latestContent = useRef(content);
  useEffect(() => {
    latestContent.current = content;
  });
  const { setWarnWhen } = useWarnAboutChange();
  const toForm = useCallback((tender: Tender) => toFormValues(latestContent.current(tender), timeZone) as Record<string, unknown>, [timeZone]);
  const read = useCallback(() => api<Tender>(`tenders/${id}`), [id]);
  const { conflict, start, recover } = useDialogConflict<Tender>({ form, toForm, read });

  // Read fresh (not a cached copy from before the last step), once.
  const fetched = query.isFetching ? undefined : query.data?.data;
  useEffect(() => {
    if (fetched && loadedId.current !== String(fetched.id)) {
      loadedId.current = String(fetched.id);
      setRecord(fetched);
      setOpened(fetched);
      form.setFieldsValue(toFormValues(latestContent.current(fetched), timeZone));
      start(fetched);
    }
  }, [fetched, form, timeZone, start]);

  const save = async (write: (record: Tender) => Promise<Tender>) => {
    if (!record) throw new Error("no record to save");
    setSaving(true);
    try {
      const saved = await write(record);
      setWarnWhen(false);
      setRecord(saved);
      start(saved);
      setMissing((before) => (before.length ? options.missingOf(saved) : before));
      return saved.updatedAt as string;
    } catch (error) {
      const theirs = await recover(error);
      if (theirs) setRecord(theirs);
      throw error;
    } finally {
      setSaving(false);
    }
  };

  const onDone = (next: Tender) => {
    setMissing([]);
    setRecord(next);
    if (options.stillEditable(next)) return;
    setWarnWhen(false);
    options.onLeave(options.leaveTo(next));
  };
  const onError = (operation: string, error: unknown) => {
    if (isApiError(error) && error.code === "MISSING_FIELDS") {
      const list = ((error.data as any)?.list ?? []) as TenderSection[];
      setMissing(list);
      if (list[0]) setTab(list[0]);
    }
    notifyError(operation, error);
  };

  const onValuesChange = () => setWarnWhen(true);

  return { form, lock, record, opened, loadFailed: query.isError, timeZone, missing, tab, setTab, saving, save, onValuesChange, onDone, onError, conflict };
}

export interface TenderEditCardProps {
  shell: TenderEditShell & { record: Tender };
  title: ReactNode;
  /** Whether the rejection reason is shown (the tender's or its addendum's rejection). */
  rejected: boolean;
  /** Shown while the user may edit (the lock is not someone else's). */
  saveButton?: { label: string; testId: string; onClick: () => void };
  actions: ReactNode;
  /** Alerts of the screen's own, above the missing sections. */
  notices?: ReactNode;
  children: ReactNode;
}

/** The frame of a tender edit screen: title, save and workflow buttons, the lock, the rejection, the missing sections. */
export function TenderEditCard({ shell, title, rejected, saveButton, actions, notices, children }: TenderEditCardProps) {
  const { t } = useTranslation("tenders");
  const { t: tl } = useTranslation("edit-locks");
  // While someone else edits the tender its steps wait too (a submission would save over their work).
  const lockedBy = shell.lock.status === "taken" ? tl("lockedBy", { name: shell.lock.username }) : undefined;
  const { record, missing } = shell;
  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          {saveButton && (
            <Button icon={<SaveOutlined />} loading={shell.saving} onClick={saveButton.onClick} data-testid={saveButton.testId}>
              {saveButton.label}
            </Button>
          )}
          <ActionsDisabledReason.Provider value={lockedBy}>{actions}</ActionsDisabledReason.Provider>
        </Space>
      }
    >
      <EditLockBanner lock={shell.lock} />
      <EditConflictView conflict={shell.conflict} form={shell.form} ns="tenders" onSave={saveButton?.onClick} />
      {rejected && record.rejectReason && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t("rejectedBecause", { reason: record.rejectReason })} />
      )}
      {notices}
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="missing-fields"
          message={t("missingFields", { sections: missing.map((section) => t(`tabs.${section}`)).join(", ") })}
        />
      )}
      {children}
    </Card>
  );
}

/**
 * Before the record is read: a spinner; an unknown tender, or one the user may not read, sends
 * the user home (spec §2 "An invalid tender sends the user home"), saying nothing of it.
 */
export function TenderEditLoading({ failed }: { failed: boolean }) {
  return failed ? <Navigate to={portalHome("staff")} replace /> : <Spin style={{ display: "block", margin: 48 }} />;
}

/**
 * Where the edit screen sends a tender it does not edit (spec §2, which screen opens by status):
 * the screen of its status (health check, view, addendum edit...), or home should that be this one.
 */
export function useTenderElsewhere(route: TenderRoute, record: Tender | undefined): string | undefined {
  const userId = useSession((s) => s.user?.id);
  if (!record || tenderRouteOpen(route, record as RoutedTender, { userId: userId as RoutedTender["managedBy"] })) return undefined;
  const target = tenderPath(record, userId);
  return target === tenderRoutePath(route, record.id) ? portalHome("staff") : target;
}

/** The currency amounts are shown in: the tender's own, else the region's. */
export function useTenderCurrency(record: Tender | undefined): string {
  const regionCurrency = useRegionCurrency();
  return record?.currency || regionCurrency;
}
