import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import fc from 'fast-check'
import { amountCents, parseCsv, readScheduleCsv, rowsToSchedule, type ImportRowError } from './sov-import.shared.js'
import { readScheduleFile } from './sov-import.js'
import { contractSums } from './schedule-of-values.shared.js'
import enUS from './locales/en-US.json' with { type: 'json' }
import zhCN from './locales/zh-CN.json' with { type: 'json' }

const catalogues = { 'en-US': enUS, 'zh-CN': zhCN } as const

/** The message of an error in a language, its {{placeholders}} filled as i18next fills them; throws on a placeholder left empty. */
function message(language: keyof typeof catalogues, error: { code: string } & Record<string, unknown>): string {
  const template = (catalogues[language].errors as Record<string, string>)[error.code]
  if (!template) throw new Error(`${language} has no text for ${error.code}`)
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (error[name] === undefined) throw new Error(`${error.code}: {{${name}}} has no value`)
    return String(error[name])
  })
}

describe('parseCsv', () => {
  it('quotes, escaped quotes, line breaks inside quotes, CRLF, a byte order mark', () => {
    expect(parseCsv('\uFEFFItem,Description,Value\r\n1,"Site, works","1,000.00"\r\n2,"Say ""hi""\nagain",5\n')).toEqual([
      ['Item', 'Description', 'Value'],
      ['1', 'Site, works', '1,000.00'],
      ['2', 'Say "hi"\nagain', '5']
    ])
  })
  it('a semicolon or tab file, as European Excel saves it; a last line without its break', () => {
    expect(parseCsv('Item;Description;Value\n1;Works;1.000,00')).toEqual([
      ['Item', 'Description', 'Value'],
      ['1', 'Works', '1.000,00']
    ])
    expect(parseCsv('Item\tDescription\n1\tA')).toEqual([
      ['Item', 'Description'],
      ['1', 'A']
    ])
  })
})

describe('amountCents', () => {
  it('reads amounts as people write them, exactly', () => {
    expect(amountCents('1,000,000.00')).toBe(100_000_000)
    expect(amountCents(' HK$ 12,345.6 ')).toBe(1_234_560)
    expect(amountCents('USD 5')).toBe(500)
    expect(amountCents('¥0.10')).toBe(10)
    expect(amountCents('(5,000.00)')).toBe(-500_000)
    expect(amountCents('-5000')).toBe(-500_000)
    expect(amountCents(1234.56)).toBe(123_456)
    expect(amountCents('１２３.４５')).toBe(12_345) // full-width digits
  })
  it('refuses what is no amount or has more than 2 decimals', () => {
    for (const bad of ['', 'abc', '12.345', '1.2.3', '(-5)', '$', '-', 0.1 + 0.2, Number.NaN, '1e400']) expect(amountCents(bad)).toBeNull()
  })
})

const csv = [
  'Item No.,Description of Work,Scheduled Value,Change Order',
  '1,General conditions,"100,000.00",',
  '2,Sitework,"250,000.00",',
  '3,Concrete,"400,000.00",',
  '4,Electrical,"250,000.00",',
  '5,Additional drainage,"30,000.00",CO 1',
  '2,,"(5,000.00)",2',
  '',
  ',Total,"1,025,000.00",'
].join('\n')

describe('a schedule of values from CSV', () => {
  it('the worked example: four original lines, a line added by CO 1, a deduction on line 2 by CO 2, totals row skipped', () => {
    const { lines, errors } = readScheduleCsv(csv)
    expect(errors).toEqual([])
    expect(lines).toEqual([
      { item: '1', description: 'General conditions', originalValueCents: 10_000_000, changeOrders: [] },
      { item: '2', description: 'Sitework', originalValueCents: 25_000_000, changeOrders: [{ revision: 2, amountCents: -500_000 }] },
      { item: '3', description: 'Concrete', originalValueCents: 40_000_000, changeOrders: [] },
      { item: '4', description: 'Electrical', originalValueCents: 25_000_000, changeOrders: [] },
      { item: '5', description: 'Additional drainage', originalValueCents: 0, changeOrders: [{ revision: 1, amountCents: 3_000_000 }] }
    ])
    expect(contractSums(lines)).toEqual({ originalContractSumCents: 100_000_000, netChangeByChangeOrdersCents: 2_500_000, contractSumToDateCents: 102_500_000 })
  })
  it('Chinese headers in another order; no change order column', () => {
    const { lines, errors } = readScheduleCsv('描述,合同金额,项目编号\n土方工程,"1,234.50",A-1\n机电,99,A-2\n')
    expect(errors).toEqual([])
    expect(lines.map((l) => [l.item, l.description, l.originalValueCents])).toEqual([
      ['A-1', '土方工程', 123_450],
      ['A-2', '机电', 9_900]
    ])
  })
  it('names each bad row by its line number and field: bad amount, missing description or item, duplicate item, bad change order', () => {
    const { lines, errors } = readScheduleCsv(
      [
        'Item,Description,Scheduled value,CO',
        '1,Preliminaries,12.345,', // row 2
        '2,,100,', // row 3
        ',Orphan,100,', // row 4
        '3,Roof,abc,', // row 5
        '3,Roof again,10,', // row 6: duplicate of row 5's item
        ' 4 ,Walls,-10,', // row 7: an original line is never negative
        '4,Walls,10,x', // row 8
        '5,Doors,50,1',
        '5,Doors,60,1', // row 10: the same change order twice on one item
        '6,Floors,1000,'
      ].join('\n')
    )
    expect(errors.map((e) => [e.row, e.code, e.field])).toEqual([
      [2, 'SOV_BAD_AMOUNT', 'scheduledValue'],
      [3, 'SOV_MISSING_DESCRIPTION', 'description'],
      [4, 'SOV_MISSING_ITEM', 'item'],
      [5, 'SOV_BAD_AMOUNT', 'scheduledValue'],
      [6, 'SOV_DUPLICATE_ITEM', 'item'],
      [7, 'SOV_BAD_AMOUNT', 'scheduledValue'],
      [8, 'SOV_BAD_CHANGE_ORDER', 'changeOrder'],
      [10, 'SOV_DUPLICATE_ITEM', 'item']
    ])
    expect(errors.find((e) => e.row === 6)).toMatchObject({ value: '3', firstRow: 5 })
    expect(errors.find((e) => e.row === 2)).toMatchObject({ value: '12.345' })
    expect(lines.map((l) => l.item)).toEqual(['6', '5'])
  })
  it('a missing column, an empty file, a header only', () => {
    expect(readScheduleCsv('Item,Amount\n1,5').errors).toEqual([{ row: 1, code: 'SOV_MISSING_COLUMNS', columns: 'description' }])
    expect(readScheduleCsv('\n\n').errors).toEqual([{ row: 1, code: 'SOV_EMPTY' }])
    expect(readScheduleCsv('\nItem,Description,Value\n').errors).toEqual([{ row: 2, code: 'SOV_EMPTY' }])
  })
  it('a change order naming no line and no description is a missing description', () => {
    expect(readScheduleCsv('Item,Description,Value,Change order\n1,A,10,\n9,,5,3').errors).toEqual([{ row: 3, code: 'SOV_MISSING_DESCRIPTION', field: 'description' }])
  })
})

describe('a schedule of values from a spreadsheet (exceljs)', () => {
  async function workbook(rows: unknown[][], { title = false } = {}) {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('SOV')
    if (title) sheet.addRow(['Schedule of values — Tower B fit-out'])
    for (const row of rows) sheet.addRow(row)
    return Buffer.from(await book.xlsx.writeBuffer())
  }
  it('numbers, text amounts, a formula total and a title row above the header; rows named as the sheet counts them', async () => {
    const content = await workbook(
      [
        ['Item', 'Description', 'Scheduled Value'],
        ['1', 'General conditions', 100000],
        [2, { richText: [{ text: 'Site' }, { text: 'work' }] }, '250,000.00'],
        ['3', 'Concrete', 400000.005],
        ['', 'Total', { formula: 'SUM(C3:C5)', result: 750000.005 }]
      ],
      { title: true }
    )
    const { lines, errors } = await readScheduleFile(content)
    expect(lines.map((l) => [l.item, l.description, l.originalValueCents])).toEqual([
      ['1', 'General conditions', 10_000_000],
      ['2', 'Sitework', 25_000_000]
    ])
    expect(errors).toEqual([{ row: 5, code: 'SOV_BAD_AMOUNT', field: 'scheduledValue', value: '400000.005' }])
  })
  it('a CSV upload goes through the same reader; a broken workbook is unreadable', async () => {
    expect((await readScheduleFile(Buffer.from(csv, 'utf8'))).lines).toHaveLength(5)
    expect((await readScheduleFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).errors).toEqual([{ row: 1, code: 'SOV_UNREADABLE' }])
  })
  it('500 lines read back to the cent', async () => {
    const rows: unknown[][] = [['Item', 'Description', 'Scheduled Value']]
    for (let i = 1; i <= 500; i++) rows.push([String(i), `Line ${i}`, (i * 1_000_003) / 100])
    const { lines, errors } = await readScheduleFile(await workbook(rows))
    expect(errors).toEqual([])
    expect(contractSums(lines).contractSumToDateCents).toBe(1_000_003 * ((500 * 501) / 2))
  })
})

describe('the claims catalogue (en-US and zh-CN)', () => {
  const flatten = (value: unknown, prefix = ''): string[] =>
    value && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key)) : [prefix]
  it('both languages have the same keys, none empty', () => {
    expect(flatten(zhCN).sort()).toEqual(flatten(enUS).sort())
    for (const catalogue of Object.values(catalogues)) for (const key of flatten(catalogue)) expect(key.split('.').reduce((v: any, k) => v[k], catalogue)).not.toBe('')
  })
  it('every row error the reader names reads in both languages, with its placeholders filled', () => {
    const errors: ImportRowError[] = [
      ...readScheduleCsv('Item,Description,Value,CO\n1,,x,\n,A,1,\n2,B,1,\n2,C,1,\n3,D,1,zz').errors,
      ...readScheduleCsv('Item,Value\n1,1').errors,
      ...readScheduleCsv('').errors,
      { row: 1, code: 'SOV_UNREADABLE' }
    ]
    expect(new Set(errors.map((e) => e.code))).toEqual(
      new Set(['SOV_BAD_AMOUNT', 'SOV_MISSING_DESCRIPTION', 'SOV_MISSING_ITEM', 'SOV_DUPLICATE_ITEM', 'SOV_BAD_CHANGE_ORDER', 'SOV_MISSING_COLUMNS', 'SOV_EMPTY', 'SOV_UNREADABLE'])
    )
    for (const error of errors) {
      expect(message('en-US', error as any)).toMatch(error.code === 'SOV_EMPTY' || error.code === 'SOV_UNREADABLE' ? /./ : /^Row \d+/)
      expect(message('zh-CN', error as any)).toMatch(error.code === 'SOV_EMPTY' || error.code === 'SOV_UNREADABLE' ? /./ : /^第 \d+ 行/)
    }
    expect(message('en-US', errors.find((e) => e.code === 'SOV_DUPLICATE_ITEM') as any)).toBe('Row 5: item 2 is listed twice (first on row 4).')
    expect(message('zh-CN', errors.find((e) => e.code === 'SOV_DUPLICATE_ITEM') as any)).toBe('第 5 行：项目 2 重复（首次出现在第 4 行）。')
  })
  it('the rows of an import keep the input when they are refused', () => {
    expect(
      rowsToSchedule([
        ['Item', 'Description', 'Value'],
        ['1', 'A', '1.001']
      ]).errors[0]
    ).toMatchObject({ row: 2, value: '1.001' })
  })
})

describe('property: any schedule written as CSV reads back the same, to the cent', () => {
  const quote = (text: string) => (/[",\n\r;\t]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text)
  const money = (cents: number) => {
    const negative = cents < 0
    const digits = String(Math.abs(cents)).padStart(3, '0')
    const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    return `${negative ? '-' : ''}${whole}.${digits.slice(-2)}`
  }
  it('holds for descriptions with commas, quotes, line breaks and Chinese, and amounts with thousands separators', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[A-Z0-9][A-Z0-9.-]{0,6}$/), { minLength: 1, maxLength: 60, selector: (item) => item.toLowerCase() }),
        fc.array(fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '土', '方', ';', '1'), minLength: 1, maxLength: 12 }), { minLength: 60, maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 10 ** 13 }), { minLength: 60, maxLength: 60 }),
        (items, descriptions, amounts) => {
          const usable = items.map((item, i) => ({ item, description: descriptions[i].trim() === '' ? 'x' : descriptions[i], cents: amounts[i] }))
          const text = ['Item,Description,Scheduled Value', ...usable.map((l) => [quote(l.item), quote(l.description), quote(money(l.cents))].join(','))].join('\r\n')
          const { lines, errors } = readScheduleCsv(text)
          expect(errors).toEqual([])
          expect(lines.map((l) => [l.item, l.description, l.originalValueCents])).toEqual(usable.map((l) => [l.item, l.description.normalize('NFKC').trim(), l.cents]))
        }
      ),
      { numRuns: 100 }
    )
  })
})
