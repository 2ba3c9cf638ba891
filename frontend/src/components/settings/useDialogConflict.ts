import { useCallback, useRef, useState } from "react";
import type { FormInstance } from "antd";
import type { BaseRecord, HttpError } from "@refinedev/core";
import { isApiError } from "../../providers/api";
import { changedFields } from "./editConflict";
import type { ConflictSide, EditConflict } from "./useVersionedForm";

/** A save refused as stale: by `api` (ApiError) or by Refine's data provider (HttpError). */
export const isStale = (error: unknown) => (isApiError(error) ? error.status : (error as HttpError | undefined)?.statusCode) === 410;

/**
 * useVersionedForm's conflict handling for a form that is not a Refine edit page (a dialog, a
 * drawer, a screen that saves through `api`): the save goes on `version`, the version the user's
 * edit started from; a 410 answer keeps everything typed, reads the record as saved meanwhile
 * (`read`) and offers each field that save changed, theirs and yours (EditConflictView); the next
 * save goes on the new version. `start` begins an edit of a record (a dialog opening on it).
 */
export function useDialogConflict<T extends { updatedAt?: unknown }>({
  form,
  toForm,
  read,
}: {
  form: FormInstance;
  /** A stored record as the form holds it (its initial values). */
  toForm: (record: T) => Record<string, unknown>;
  /** The record as it is now saved. */
  read: () => Promise<T>;
}) {
  const [conflict, setConflict] = useState<Omit<EditConflict, "choose"> | undefined>(undefined);
  const [version, setVersion] = useState<unknown>(undefined);
  const base = useRef<Record<string, unknown>>({});

  const start = useCallback(
    (record: T | undefined) => {
      base.current = record ? toForm(record) : {};
      setVersion(record?.updatedAt);
      setConflict(undefined);
    },
    [toForm],
  );

  /**
   * After a failed save: when it was a stale one, now offered as a conflict, answers the record as
   * saved meanwhile (tell nothing else); otherwise nothing.
   */
  const recover = async (error: unknown): Promise<T | undefined> => {
    if (!isStale(error)) return undefined;
    const yours = form.getFieldsValue(true) as Record<string, unknown>;
    const names = Object.keys((form.getFieldsValue() as Record<string, unknown> | undefined) ?? {});
    try {
      const theirs = await read();
      const now = toForm(theirs);
      const { fields, choices } = changedFields(names, base.current, now, yours);
      for (const field of fields) if (!field.edited) form.setFieldValue(field.name as never, field.theirs);
      base.current = now;
      setVersion(theirs.updatedAt);
      setConflict({ theirs: theirs as BaseRecord, fields, choices });
      return theirs;
    } catch {
      return undefined;
    }
  };

  const choose = (name: string, side: ConflictSide) => {
    const field = conflict?.fields.find((candidate) => candidate.name === name);
    if (!conflict || !field) return;
    form.setFieldValue(name as never, side === "theirs" ? field.theirs : field.yours);
    setConflict({ ...conflict, choices: { ...conflict.choices, [name]: side } });
  };

  return { conflict: conflict ? { ...conflict, choose } : undefined, version, start, recover };
}
