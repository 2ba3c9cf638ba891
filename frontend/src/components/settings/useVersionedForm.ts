import { useCallback, useEffect, useRef, useState } from "react";
import { useForm, type UseFormProps } from "@refinedev/antd";
import { useDataProvider, useInvalidate, useResourceParams, type BaseKey, type BaseRecord, type HttpError } from "@refinedev/core";
import { isStale } from "./useDialogConflict";
import { changedFields, type ChangedField } from "./editConflict";

/** Which value a field of a conflict keeps: the one saved meanwhile, or the user's. */
export type ConflictSide = "theirs" | "yours";

/** One field the other save changed: its value as saved and the user's, both as the form holds them; `edited` when the user changed it too. */
export type ConflictField = ChangedField;

/**
 * A save refused as stale (410): the record as someone else saved it meanwhile, what that save
 * changed among the form's fields, and the user's choice per field. The form already holds the
 * choices and sends the new version: saving again saves them.
 */
export interface EditConflict {
  theirs: BaseRecord;
  fields: ConflictField[];
  choices: Record<string, ConflictSide>;
  choose: (name: string, side: ConflictSide) => void;
}

export interface VersionedFormOptions {
  /** A stored record as the form holds it (the page's own `initialValues` mapping); the record itself by default. */
  toForm?: (record: BaseRecord) => Record<string, unknown>;
}

/**
 * Refine's antd useForm for every edit screen. The form keeps the `updatedAt` of the record as it
 * was first loaded and sends that version with the save: a change made meanwhile by someone else
 * answers 410 instead of being overwritten, even when a live event or a refetch has brought in a
 * newer copy behind the user's back.
 *
 * A 410 keeps what the user typed (issue 27, item 12): the record as now saved is read, the fields
 * the other save changed are offered side by side (`conflict`, drawn by EditConflictView), fields
 * only the other user changed take their value, fields both changed keep the user's until the user
 * chooses, and the next save goes on the new version. Refine's useForm resets the form to every new
 * copy of the record it reads, so a save does not refetch the record here: it is refetched after a
 * save that went through, and read aside on a conflict.
 */
export function useVersionedForm<TRecord extends BaseRecord = BaseRecord, TValues = Record<string, unknown>>(
  props: UseFormProps<TRecord, HttpError, TValues> = {},
  options: VersionedFormOptions = {},
) {
  const [version, setVersion] = useState<unknown>(undefined);
  const [conflict, setConflict] = useState<Omit<EditConflict, "choose"> | undefined>(undefined);
  // The record, as the form holds it, that the user's edit started from: the copy read first, then
  // the copy of each conflict.
  const base = useRef<Record<string, unknown> | undefined>(undefined);
  const toForm = useRef(options.toForm ?? ((record: BaseRecord) => record as Record<string, unknown>));
  toForm.current = options.toForm ?? ((record: BaseRecord) => record as Record<string, unknown>);
  const { identifier, id: routeId } = useResourceParams({ resource: props.resource, id: props.id, action: props.action });
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();
  const latest = useRef<{ open: (error: unknown) => void; id?: BaseKey }>({ open: () => undefined });

  const form = useForm<TRecord, HttpError, TValues>({
    liveMode: "off",
    redirect: "list",
    ...props,
    invalidates: props.invalidates ?? ["list", "many"],
    mutationMeta: { ...props.mutationMeta, ...(version !== undefined ? { updatedAt: version } : {}) },
    // A stale save is told by the conflict view, where the choices are; other failures as before.
    errorNotification: (error, values, resource) => {
      if (isStale(error)) return false;
      const own = props.errorNotification;
      return typeof own === "function" ? own(error, values, resource) : own;
    },
    onMutationError: (error, variables, context, isAutoSave) => {
      if (isStale(error)) latest.current.open(error);
      props.onMutationError?.(error, variables, context, isAutoSave);
    },
    onMutationSuccess: (data, variables, context, isAutoSave) => {
      // After our own save the form continues from the saved version.
      const saved = data?.data as BaseRecord | undefined;
      if (saved?.updatedAt !== undefined) setVersion(saved.updatedAt);
      if (saved) base.current = toForm.current(saved);
      setConflict(undefined);
      dirty.current = false;
      const id = latest.current.id;
      if (identifier && id !== undefined) invalidate({ resource: identifier, id, invalidates: ["detail"] });
      props.onMutationSuccess?.(data, variables, context, isAutoSave);
    },
  });
  const recordId: BaseKey | undefined = form.id ?? routeId;
  latest.current.id = recordId;
  const loaded = form.query?.data?.data;

  // Refine's useForm resets the form to each new copy of the record it reads (a switch of language
  // refetches it, so can a refetch on focus): what the user has typed is read before that reset
  // and put back after it, in the same commit (this hook's effect runs after useForm's).
  const dirty = useRef(false);
  const seen = useRef(loaded);
  const typed = useRef<Record<string, unknown> | undefined>(undefined);
  if (loaded !== seen.current) {
    if (seen.current !== undefined && dirty.current) typed.current = form.form.getFieldsValue(true) as Record<string, unknown>;
    seen.current = loaded;
  }
  useEffect(() => {
    if (!typed.current) return;
    form.form.setFieldsValue(typed.current as never);
    typed.current = undefined;
  }, [loaded, form.form]);
  useEffect(() => {
    if (version === undefined && loaded?.updatedAt !== undefined) {
      setVersion(loaded.updatedAt);
      base.current = toForm.current(loaded);
    }
  }, [loaded, version]);

  latest.current.open = () => {
    if (!identifier || recordId === undefined) return;
    const antForm = form.form;
    // Everything the form holds now, typed or not: read before anything can redraw the form.
    const yours = antForm.getFieldsValue(true) as Record<string, unknown>;
    const names = Object.keys((antForm.getFieldsValue() as Record<string, unknown> | undefined) ?? {});
    const from = base.current ?? (loaded ? toForm.current(loaded) : {});
    const meta = { ...props.meta, ...props.queryMeta };
    void dataProvider(props.dataProviderName)
      .getOne<BaseRecord>({ resource: identifier, id: recordId, meta })
      .then(({ data: theirs }) => {
        const now = toForm.current(theirs);
        const { fields, choices } = changedFields(names, from, now, yours);
        for (const field of fields) if (!field.edited) antForm.setFieldValue(field.name as never, field.theirs);
        base.current = now;
        dirty.current = true;
        setVersion(theirs.updatedAt);
        setConflict({ theirs, fields, choices });
      })
      .catch(() => undefined);
  };

  const choose = useCallback(
    (name: string, side: ConflictSide) => {
      const field = conflict?.fields.find((candidate) => candidate.name === name);
      if (!conflict || !field) return;
      form.form.setFieldValue(name as never, side === "theirs" ? field.theirs : field.yours);
      setConflict({ ...conflict, choices: { ...conflict.choices, [name]: side } });
    },
    [conflict, form.form],
  );

  const formProps = {
    ...form.formProps,
    onValuesChange: (changed: object, all: unknown) => {
      dirty.current = true;
      return form.formProps.onValuesChange?.(changed, all as TValues);
    },
  };
  return { ...form, formProps, conflict: conflict ? { ...conflict, choose } : undefined };
}
