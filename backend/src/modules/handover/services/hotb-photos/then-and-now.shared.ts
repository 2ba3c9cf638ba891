// Browser-safe: which handover item a takeback's item is "then" of (issue 31 §5, then-and-now).

export interface ScheduleLineKey {
  id: number
  section: string
  position: number
  item: string
}

const words = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * The source handover's item a takeback's item shows beside it. A takeback's items are copied from
 * the handover's (same section, text and order), but staff may add, remove or reword items before
 * the takeback: the same text in the same section decides first (the n-th such item with the n-th,
 * so repeated texts pair in order), then, for a reworded item, the same position in the section.
 * Undefined when neither finds one (an item added at takeback).
 */
export function handoverItemOf<T extends ScheduleLineKey>(line: ScheduleLineKey, takebackLines: readonly ScheduleLineKey[], handoverLines: readonly T[]): T | undefined {
  const sameText = (candidate: ScheduleLineKey) => candidate.section === line.section && words(candidate.item) === words(line.item)
  const order = (a: ScheduleLineKey, b: ScheduleLineKey) => a.position - b.position || a.id - b.id
  const twins = takebackLines.filter(sameText).sort(order)
  const matches = handoverLines.filter(sameText).sort(order)
  const byText = matches[twins.findIndex((twin) => twin.id === line.id)]
  if (byText) return byText
  const atPosition = handoverLines.find((candidate) => candidate.section === line.section && candidate.position === line.position)
  // A position whose item another takeback item shows by its text belongs to that one.
  const pairedElsewhere = (candidate: T) => takebackLines.some((other) => other.id !== line.id && other.section === candidate.section && words(other.item) === words(candidate.item))
  if (atPosition && !pairedElsewhere(atPosition)) return atPosition
  return undefined
}
