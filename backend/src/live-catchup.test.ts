import { afterEach, describe, expect, it, vi } from 'vitest'
import { RecentEvents } from './live-catchup.js'

const event = (at: number, path = 'buildings') => ({ at, path, event: 'created', data: { at } })

describe('the recent live events a connection catches up on', () => {
  afterEach(() => vi.useRealTimers())

  it('answers the events after the moment asked, oldest first, even when another process reports one late', () => {
    vi.useFakeTimers({ now: 10_000 })
    const recent = new RecentEvents()
    recent.add(event(10_100))
    recent.add(event(10_300))
    // Another process's event, older than ours, arrives after it.
    recent.add(event(10_200))
    expect(recent.since(10_100).events.map((e) => e.at)).toEqual([10_200, 10_300])
    expect(recent.since(10_000).events.map((e) => e.at)).toEqual([10_100, 10_200, 10_300])
    expect(recent.since(10_300).events).toEqual([])
  })

  it('is whole only from its start on: a moment before it says so', () => {
    vi.useFakeTimers({ now: 50_000 })
    const recent = new RecentEvents()
    recent.add(event(50_010))
    expect(recent.since(50_000).whole).toBe(true)
    expect(recent.since(49_999).whole).toBe(false)
  })

  it('lets go of events older than five minutes, and is no longer whole before the newest let go', () => {
    vi.useFakeTimers({ now: 0 })
    const recent = new RecentEvents()
    recent.add(event(1_000))
    recent.add(event(2_000))
    vi.setSystemTime(5 * 60_000 + 1_500)
    recent.add(event(5 * 60_000 + 1_500))
    expect(recent.since(0).events.map((e) => e.at)).toEqual([2_000, 5 * 60_000 + 1_500])
    expect(recent.since(999).whole).toBe(false)
    expect(recent.since(1_000).whole).toBe(true)
  })

  it('keeps at most 5,000 events', () => {
    vi.useFakeTimers({ now: 0 })
    const recent = new RecentEvents()
    for (let i = 1; i <= 5_010; i++) recent.add(event(i))
    const { events } = recent.since(0)
    expect(events).toHaveLength(5_000)
    expect(events[0].at).toBe(11)
    expect(recent.since(10).whole).toBe(true)
    expect(recent.since(9).whole).toBe(false)
  })
})
