import { describe, expect, it } from 'vitest'
import { handoverItemOf } from './then-and-now.shared.js'

const line = (id: number, section: string, position: number, item: string) => ({ id, section, position, item })

describe('the handover item a takeback item is shown beside', () => {
  const handover = [line(1, 'walls', 0, 'Painted walls'), line(2, 'walls', 1, 'Skirting'), line(3, 'floor', 0, 'Carpet tiles'), line(4, 'floor', 1, 'Carpet tiles')]

  it('pairs the same text in the same section, repeated texts in order, whatever the positions became', () => {
    const takeback = [line(10, 'walls', 0, 'Skirting'), line(11, 'walls', 1, ' painted  WALLS '), line(12, 'floor', 0, 'Carpet tiles'), line(13, 'floor', 1, 'Carpet tiles')]
    expect(takeback.map((item) => handoverItemOf(item, takeback, handover)?.id)).toEqual([2, 1, 3, 4])
  })

  it('falls back to the position in the section for a reworded item; none for an item added at takeback', () => {
    const takeback = [line(10, 'walls', 0, 'Painted walls (north)'), line(11, 'walls', 1, 'Skirting'), line(12, 'shopfront', 0, 'Signage')]
    expect(takeback.map((item) => handoverItemOf(item, takeback, handover)?.id)).toEqual([1, 2, undefined])
  })

  it('does not take a position whose item is paired by its text elsewhere', () => {
    const takeback = [line(10, 'walls', 0, 'Skirting'), line(11, 'walls', 1, 'New panel')]
    // Position 1 holds "Skirting", which item 10 already shows: item 11 has no handover item.
    expect(takeback.map((item) => handoverItemOf(item, takeback, handover)?.id)).toEqual([2, undefined])
  })
})
