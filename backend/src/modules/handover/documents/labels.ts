import type { Language, Translation } from '../../../i18n/languages.js'

/** Every text the handover/takeback PDFs print (hotbSchedule, keyHotb, the sealed original), in English. */
const enUS = {
  scheduleTitle: '{{type}} schedule',
  keyTitle: '{{type}} key schedule',
  sealedTitle: '{{type}} record (sealed original)',
  types: { HANDOVER: 'Handover', TAKEBACK: 'Takeback' },
  record: 'Record',
  company: 'Company',
  tradeName: 'Trade name',
  building: 'Building',
  premises: 'Premises',
  scheduledAt: 'Appointment',
  actualDate: 'Actual date',
  remarkToTenant: 'Remark to tenant',
  specialRemark: 'Special remark',
  item: 'Item',
  condition: 'Condition',
  remarks: 'Remarks',
  handoverCondition: 'At handover',
  photos: 'Photos',
  noItems: 'No schedule items.',
  noKeys: 'No key lines.',
  keys: 'Keys',
  keysHandedOver: 'Handed over',
  accessCards: 'Access cards',
  outcome: 'Outcome',
  charge: 'Charge',
  waiverReason: 'Waiver reason',
  outcomes: { RETURNED: 'Returned', LOST: 'Lost', WAIVED: 'Waived' },
  deductions: 'Deductions',
  noDeductions: 'No item is marked deteriorated since the handover.',
  deductionReason: 'Reason',
  amount: 'Amount',
  onLedger: 'On the deposit ledger',
  yes: 'Yes',
  total: 'Total',
  sections: {
    ceilingLighting: 'Ceiling and lighting',
    floor: 'Floor',
    walls: 'Walls',
    entranceDoor: 'Entrance door',
    airConditioning: 'Air-conditioning',
    fireServices: 'Fire services',
    windows: 'Windows',
    utilities: 'Utilities',
    underfloorDucting: 'Underfloor ducting',
    centralAntenna: 'Central antenna system',
    shopfront: 'Shopfront',
    otherItems: 'Other items',
    disclaimer: 'Disclaimer'
  },
  signatures: 'Signatures',
  parties: { TENANT: 'Tenant', LANDLORD: 'Landlord' },
  signedBy: '{{party}}: {{name}}',
  signedAt: 'Signed {{at}}',
  certificate: 'Certificate of signing',
  certificateIntro: 'The parties below signed this record in person, each drawing their signature on the landlord’s device in the presence of its staff.',
  signer: 'Signer',
  party: 'Party',
  time: 'Time',
  method: 'Method',
  methods: { 'drawn-in-person': 'Drawn in person' },
  sealedAt: 'Sealed',
  contentHash: 'SHA-256 of the content',
  contentHashNote:
    'The content is the record, its schedule items, key lines, the SHA-256 of each photo and the signatures, as canonical JSON. The SHA-256 of this PDF file itself is kept by the landlord: check a copy on the verify page {{url}}.',
  page: 'Page {{page}} of {{pages}}',
  fileSchedule: '{{name}} schedule.pdf',
  fileKeys: '{{name}} keys.pdf',
  fileSealed: '{{name}} sealed.pdf'
}

export type HotbDocumentLabels = Translation<typeof enUS>

const zhCN: HotbDocumentLabels = {
  scheduleTitle: '{{type}}清单',
  keyTitle: '{{type}}钥匙清单',
  sealedTitle: '{{type}}记录（签署正本）',
  types: { HANDOVER: '交收', TAKEBACK: '收回' },
  record: '记录',
  company: '公司',
  tradeName: '商号',
  building: '大厦',
  premises: '单位',
  scheduledAt: '预约时间',
  actualDate: '实际日期',
  remarkToTenant: '致租户备注',
  specialRemark: '特别备注',
  item: '项目',
  condition: '状况',
  remarks: '备注',
  handoverCondition: '交收时',
  photos: '照片',
  noItems: '没有清单项目。',
  noKeys: '没有钥匙记录。',
  keys: '钥匙',
  keysHandedOver: '已交出',
  accessCards: '门禁卡',
  outcome: '结果',
  charge: '费用',
  waiverReason: '豁免原因',
  outcomes: { RETURNED: '已归还', LOST: '遗失', WAIVED: '豁免' },
  deductions: '扣款',
  noDeductions: '没有项目标记为自交收后损耗。',
  deductionReason: '原因',
  amount: '金额',
  onLedger: '已记入按金账',
  yes: '是',
  total: '合计',
  sections: {
    ceilingLighting: '天花及照明',
    floor: '地面',
    walls: '墙身',
    entranceDoor: '入口门',
    airConditioning: '空调',
    fireServices: '消防设施',
    windows: '窗户',
    utilities: '公用设施',
    underfloorDucting: '地台线槽',
    centralAntenna: '公共天线系统',
    shopfront: '店面',
    otherItems: '其他项目',
    disclaimer: '免责声明'
  },
  signatures: '签署',
  parties: { TENANT: '租户', LANDLORD: '业主' },
  signedBy: '{{party}}：{{name}}',
  signedAt: '签署于 {{at}}',
  certificate: '签署证明',
  certificateIntro: '下列各方亲自签署本记录，各自在业主职员在场时于业主设备上手写签名。',
  signer: '签署人',
  party: '一方',
  time: '时间',
  method: '方式',
  methods: { 'drawn-in-person': '亲自手写' },
  sealedAt: '封存时间',
  contentHash: '内容的 SHA-256',
  contentHashNote: '内容为记录、其清单项目、钥匙记录、每张照片的 SHA-256 及各签署，以规范 JSON 表示。本 PDF 文件本身的 SHA-256 由业主保存：可在核实页面 {{url}} 核对副本。',
  page: '第 {{page}} 页，共 {{pages}} 页',
  fileSchedule: '{{name}} 清单.pdf',
  fileKeys: '{{name}} 钥匙.pdf',
  fileSealed: '{{name}} 签署正本.pdf'
}

const catalogues: Record<Language, HotbDocumentLabels> = { 'en-US': enUS, 'zh-CN': zhCN }

export const hotbDocumentLabels = (language: Language): HotbDocumentLabels => catalogues[language] ?? enUS

/** Two texts as one: the English, then the Chinese below it (on one line, after a slash, where `inline`); one when they are the same. */
export const bilingual = (en: string, zh: string, inline = false) => (en === zh ? en : `${en}${inline ? ' / ' : '\n'}${zh}`)

/**
 * The sealed original's labels: every label in English with its Chinese below, as Hong Kong's
 * bilingual documents print them, since a sealed original is one fixed document for both parties,
 * whatever language its completer reads. A text filled with values (a title naming the type, a
 * signer's line) is filled in each language and then joined (`bilingual`); the footer's page
 * count stays on one line; the file's name is the English one.
 */
export function bilingualLabels(): HotbDocumentLabels {
  const join = (en: unknown, zh: unknown, key: string): unknown =>
    typeof en === 'string'
      ? key === 'page'
        ? bilingual(en, String(zh), true)
        : key.startsWith('file')
          ? en
          : bilingual(en, String(zh))
      : Object.fromEntries(Object.entries(en as Record<string, unknown>).map(([field, value]) => [field, join(value, (zh as Record<string, unknown>)[field], field)]))
  return join(enUS, zhCN, '') as HotbDocumentLabels
}

export const fill = (template: string, vars: Record<string, unknown>) => template.replace(/\{\{(\w+)\}\}/g, (_, name) => String(vars[name] ?? ''))
