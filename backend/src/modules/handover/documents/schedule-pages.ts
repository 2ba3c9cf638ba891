/*
 * The page rule of the handover PDF's schedule (spec §8, "Handover PDF schedule pages break when
 * the running count reaches 4 (a schedule with more than 2 files counts as 2)"). Pure: the
 * hotbSchedule PDF and the sealed PDF lay their schedules out by it.
 */

/** How much one schedule counts towards a page: 2 when it has more than 2 files (photos), else 1. */
export const scheduleWeight = (files: number) => (files > 2 ? 2 : 1)

/** When the running count reaches this, the page breaks. */
export const PAGE_COUNT = 4

/**
 * The schedules' pages, as lists of the schedules' indexes, in order. Each schedule (a section of
 * the condition schedule, with its items) adds its weight to the running count; when the count
 * reaches 4 the page breaks after that schedule and the count starts again from 0. A schedule is
 * never split, so a page may hold a count of 5 (3 then a schedule counting 2). No schedules: no pages.
 */
export function schedulePages(fileCounts: readonly number[]): number[][] {
  const pages: number[][] = []
  let page: number[] = []
  let count = 0
  fileCounts.forEach((files, index) => {
    page.push(index)
    count += scheduleWeight(files)
    if (count >= PAGE_COUNT) {
      pages.push(page)
      page = []
      count = 0
    }
  })
  if (page.length) pages.push(page)
  return pages
}
