/*
 * Addendum labels and changes (spec §3 Revision: revisions (kind, path, rhs, item); §4 Addendum:
 * "removed D, added N, updated E, with pending variants; diff actions N, E, D; labels starting
 * with D or E mark deleted or edited items"). Browser-safe and pure.
 *
 * Labels on a line item (`addendumLabel`):
 * - issued: 'N' added, 'E' edited, 'D' removed, by the latest issued addendum; null unchanged.
 *   A removed item keeps 'D' in every later version: it stays visible, struck through, and out of
 *   totals and bidding for good.
 * - pending (the addendum not issued yet): the same letter followed by 'P': 'NP', 'EP', 'DP'. They
 *   start with the same letter, so "starts with D" (removed) and "starts with E" (edited) hold
 *   for both variants; only staff ever see a pending label (vendors never read the draft).
 *
 * The editor marks a base item it removes with a label starting with D (or leaves it out); items
 * it adds carry ids the base does not have. `diffAddendum` relabels the whole draft from the
 * base (the issued content), so whatever labels the browser sends, the stored ones are computed.
 */

export type AddendumKind = 'N' | 'E' | 'D'
export type PendingAddendumLabel = 'NP' | 'EP' | 'DP'
export type AddendumLabel = AddendumKind | PendingAddendumLabel

export interface AddendumLineItem {
  id: string
  itemNo?: string
  itemDesc?: string
  itemQty?: number | null
  itemUnit?: string
  discountType?: 'PERCENT' | 'AMOUNT' | null
  discount?: number | null
  remark?: string
  optional?: boolean
  forReference?: boolean
  addendumLabel?: string | null
  [field: string]: unknown
}

export interface AddendumGroup {
  id: string
  name?: string
  lineItems: AddendumLineItem[]
}

/** The parts of a tender an addendum changes. */
export interface AddendumContent {
  closingAt?: string | null
  validityDays?: number | null
  general?: Record<string, unknown>
  scope?: Record<string, unknown>
  lineItemGroups: AddendumGroup[]
}

/** One change of a version (deep-diff's shape): kind, where, the value before (lhs) and after (rhs), the line item. */
export interface AddendumChange {
  kind: AddendumKind
  path: string[]
  lhs?: unknown
  rhs?: unknown
  item?: AddendumLineItem
}

/** The line item fields whose change makes an item edited (E). */
export const comparedItemFields = ['itemNo', 'itemDesc', 'itemQty', 'itemUnit', 'discountType', 'discount', 'remark', 'optional', 'forReference'] as const
const flagFields = new Set<string>(['optional', 'forReference'])

export const pendingLabel = (kind: AddendumKind): PendingAddendumLabel => `${kind}P` as PendingAddendumLabel
export const isPendingLabel = (label: unknown): label is PendingAddendumLabel => label === 'NP' || label === 'EP' || label === 'DP'
/** N, E or D for an issued or pending label; null for none. */
export function labelKind(label: unknown): AddendumKind | null {
  return typeof label === 'string' && (label[0] === 'N' || label[0] === 'E' || label[0] === 'D') && (label.length === 1 || isPendingLabel(label)) ? (label[0] as AddendumKind) : null
}
/** Removed by an addendum (issued or pending): shown struck through, out of totals and bidding. */
export const isRemovedItem = (item: { addendumLabel?: unknown } | null | undefined) => labelKind(item?.addendumLabel) === 'D'
/** Edited by an addendum (issued or pending). */
export const isEditedItem = (item: { addendumLabel?: unknown } | null | undefined) => labelKind(item?.addendumLabel) === 'E'

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/** Equal as the tender reads them: empty values alike, numbers by value, flags false when absent. */
export function sameValue(a: unknown, b: unknown, flag = false): boolean {
  if (flag) return Boolean(a) === Boolean(b)
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b)
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b)
  return a === b
}

const sameInstant = (a: unknown, b: unknown) => (isEmpty(a) || isEmpty(b) ? isEmpty(a) && isEmpty(b) : new Date(a as string).getTime() === new Date(b as string).getTime())

/** The fields of an item that differ from the base item: { field: [before, after] }. */
export function itemDifferences(base: AddendumLineItem, edited: AddendumLineItem): Record<string, [unknown, unknown]> {
  const differences: Record<string, [unknown, unknown]> = {}
  for (const field of comparedItemFields) {
    if (!sameValue(base[field], edited[field], flagFields.has(field))) differences[field] = [base[field] ?? null, edited[field] ?? null]
  }
  return differences
}

/**
 * The content a new addendum starts from: the issued content, with the labels of the previous
 * version cleared except D (removed items stay removed).
 */
export function addendumStart(issued: AddendumContent): AddendumContent {
  return {
    ...issued,
    lineItemGroups: (issued.lineItemGroups ?? []).map((group) => ({
      ...group,
      lineItems: (group.lineItems ?? []).map((item) => ({ ...item, addendumLabel: isRemovedItem(item) ? 'D' : null }))
    }))
  }
}

function fieldChanges(part: 'general' | 'scope', base: Record<string, unknown> = {}, edited: Record<string, unknown> = {}): AddendumChange[] {
  const keys = [...new Set([...Object.keys(base), ...Object.keys(edited)])].sort()
  return keys
    .filter(
      (key) =>
        !(typeof base[key] === 'object' || typeof edited[key] === 'object'
          ? JSON.stringify(base[key] ?? null) === JSON.stringify(edited[key] ?? null)
          : sameValue(base[key], edited[key], typeof base[key] === 'boolean' || typeof edited[key] === 'boolean'))
    )
    .map((key) => ({ kind: 'E' as const, path: [part, key], lhs: base[key] ?? null, rhs: edited[key] ?? null }))
}

/**
 * The draft relabelled from the base, and the changes it makes (in content order).
 * - an edited item whose id is not in the base: added (NP); when it is marked removed, dropped.
 * - a base item marked removed or left out: removed (DP), kept with its base values where it was.
 * - a base item that differs in a compared field: edited (EP); otherwise unlabelled.
 * - a base item already removed (D) stays D with its base values: not a change of this version.
 * - groups: a new group (N), a renamed one (E), a base group left out (D, its items DP).
 * General, scope, closing date and validity: one E per changed field.
 */
export function diffAddendum(base: AddendumContent, edited: AddendumContent): { content: AddendumContent; changes: AddendumChange[] } {
  const changes: AddendumChange[] = []
  if (!sameInstant(base.closingAt, edited.closingAt)) changes.push({ kind: 'E', path: ['closingAt'], lhs: base.closingAt ?? null, rhs: edited.closingAt ?? null })
  if (!sameValue(base.validityDays, edited.validityDays)) changes.push({ kind: 'E', path: ['validityDays'], lhs: base.validityDays ?? null, rhs: edited.validityDays ?? null })
  changes.push(...fieldChanges('general', base.general, edited.general), ...fieldChanges('scope', base.scope, edited.scope))

  const baseGroups = base.lineItemGroups ?? []
  const baseItems = new Map(baseGroups.flatMap((group) => (group.lineItems ?? []).map((item) => [item.id, item] as const)))
  const editedIds = new Set((edited.lineItemGroups ?? []).flatMap((group) => (group.lineItems ?? []).map((item) => item.id)))
  const editedGroupIds = new Set((edited.lineItemGroups ?? []).map((group) => group.id))
  const removed = (item: AddendumLineItem): AddendumLineItem => ({ ...item, addendumLabel: pendingLabel('D') })
  const itemPath = (groupId: string, itemId: string) => ['lineItemGroups', groupId, 'lineItems', itemId]

  const relabel = (group: AddendumGroup): AddendumGroup => {
    const items: AddendumLineItem[] = []
    for (const item of group.lineItems ?? []) {
      const before = baseItems.get(item.id)
      const { addendumLabel: _label, ...values } = item
      if (!before) {
        if (isRemovedItem(item)) continue
        items.push({ ...values, addendumLabel: pendingLabel('N') })
        changes.push({ kind: 'N', path: itemPath(group.id, item.id), rhs: values, item: { ...values, addendumLabel: 'N' } })
      } else if (isRemovedItem(before)) {
        items.push({ ...before, addendumLabel: 'D' })
      } else if (isRemovedItem(item)) {
        items.push(removed(before))
        changes.push({ kind: 'D', path: itemPath(group.id, item.id), lhs: stripLabel(before), item: { ...before, addendumLabel: 'D' } })
      } else {
        const differences = itemDifferences(before, item)
        const edits = Object.keys(differences)
        items.push({ ...values, addendumLabel: edits.length ? pendingLabel('E') : null })
        if (edits.length) {
          changes.push({
            kind: 'E',
            path: itemPath(group.id, item.id),
            lhs: Object.fromEntries(edits.map((field) => [field, differences[field][0]])),
            rhs: Object.fromEntries(edits.map((field) => [field, differences[field][1]])),
            item: { ...values, addendumLabel: 'E' }
          })
        }
      }
    }
    // Base items of this group the editor left out come back, removed, after their predecessor.
    const baseGroup = baseGroups.find((candidate) => candidate.id === group.id)
    let after: string | null = null
    for (const item of baseGroup?.lineItems ?? []) {
      if (!editedIds.has(item.id)) {
        const at = after === null ? 0 : items.findIndex((candidate) => candidate.id === after) + 1
        if (isRemovedItem(item)) items.splice(at, 0, { ...item, addendumLabel: 'D' })
        else {
          items.splice(at, 0, removed(item))
          changes.push({ kind: 'D', path: itemPath(group.id, item.id), lhs: stripLabel(item), item: { ...item, addendumLabel: 'D' } })
        }
      }
      after = item.id
    }
    return { ...group, lineItems: items }
  }

  const groups: AddendumGroup[] = []
  for (const group of edited.lineItemGroups ?? []) {
    const before = baseGroups.find((candidate) => candidate.id === group.id)
    if (!before) changes.push({ kind: 'N', path: ['lineItemGroups', group.id], rhs: group.name ?? '' })
    else if (!sameValue(before.name, group.name)) changes.push({ kind: 'E', path: ['lineItemGroups', group.id, 'name'], lhs: before.name ?? '', rhs: group.name ?? '' })
    groups.push(relabel(group))
  }
  for (const group of baseGroups) {
    if (editedGroupIds.has(group.id)) continue
    if ((group.lineItems ?? []).some((item) => !isRemovedItem(item))) changes.push({ kind: 'D', path: ['lineItemGroups', group.id], lhs: group.name ?? '' })
    groups.push(relabel({ ...group, lineItems: [] }))
  }
  return { content: { ...edited, lineItemGroups: groups }, changes }
}

const stripLabel = ({ addendumLabel: _label, ...item }: AddendumLineItem) => item

/** The draft's pending labels made issued (NP → N, EP → E, DP → D) when the addendum is issued. */
export function issueLabels(groups: AddendumGroup[]): AddendumGroup[] {
  return groups.map((group) => ({
    ...group,
    lineItems: (group.lineItems ?? []).map((item) => ({ ...item, addendumLabel: labelKind(item.addendumLabel) }))
  }))
}

/** The ids of the line items a version edited or removed: bids lose their quantities for these. */
export function changedItemIds(changes: readonly AddendumChange[]): string[] {
  return changes.filter((change) => change.item && (change.kind === 'E' || change.kind === 'D')).map((change) => change.item!.id)
}

/** The issued content of a tender: what vendors bid on and what an addendum is diffed against. */
export function issuedContent(record: { closingAt?: unknown; validityDays?: number | null; general?: any; scope?: any; lineItemGroups?: any }): AddendumContent {
  return {
    closingAt: record.closingAt ? new Date(record.closingAt as string).toISOString() : null,
    validityDays: record.validityDays,
    general: record.general ?? {},
    scope: record.scope ?? {},
    lineItemGroups: record.lineItemGroups ?? []
  }
}
