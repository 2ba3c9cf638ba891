import type { Knex } from 'knex'
import type { GuidelineType } from '../services/guidelines/guidelines.shared.js'

type Section = [itemId: string, lines: string[]]

const hongKongFitOut: Section[] = [
  [
    '1',
    [
      'Design submissions',
      'Submit layout plans, reflected ceiling plans and sections at 1:100, with details at 1:20, in PDF through the portal.',
      'Drawings shall be signed by the tenant’s registered architect or interior designer and show the premises boundary and gridlines.',
      'Allow ten working days for the landlord’s review of each batch; works shall not start before the design is approved.'
    ]
  ],
  [
    '2',
    [
      'Fire services',
      'Fire services works shall be carried out by a registered fire service installation contractor (Class 1 and 2).',
      'Sprinkler heads shall be relocated or added to suit the new partitions; no head may be covered by ceilings or signage.',
      'Submit the FS 251 certificate within 14 days after completion of the fire services works.'
    ]
  ],
  [
    '3',
    [
      'Electrical installation',
      'All electrical works shall comply with the Code of Practice for the Electricity (Wiring) Regulations.',
      'The tenant’s main switch shall not exceed the allocated power supply of the premises; load calculations are to be submitted with the design.',
      'A registered electrical worker shall issue the WR1 certificate before the supply is connected.'
    ]
  ],
  [
    '4',
    [
      'Site conduct',
      'Noisy works (drilling, hacking) are allowed only from 19:00 to 08:00 on weekdays and all day on Sundays and public holidays.',
      'Materials shall be delivered through the loading bay and goods lifts, protected at all times.'
    ]
  ]
]

const beijingFitOut: Section[] = [
  ['1', ['Design submissions', 'Submit floor plans and ceiling plans at 1:100 with the fire protection design for approval before works start.']],
  ['2', ['Fire protection', 'Fire protection works require the approval of the local fire authority; keep a copy of the approval on site.']],
  ['3', ['Electrical installation', 'Electrical works shall be carried out by a licensed electrician and tested before the supply is connected.']]
]

/** One version of a type's set, written as stored (tests and the demo; the service writes them otherwise). */
export async function createGuidelineSet(
  db: Knex,
  { region, type, version, status, sections, userId = null }: { region: string; type: GuidelineType; version: number; status: 'DRAFT' | 'PUBLISHED'; sections: Section[]; userId?: number | null }
) {
  const now = new Date()
  if (status === 'PUBLISHED') await db('tenant_project_guidelines').where({ region, type, isCurrent: true }).update({ isCurrent: false })
  return db('tenant_project_guidelines').insert(
    sections.map(([itemId, lines], index) => ({
      region,
      type,
      itemId,
      sectionContent: JSON.stringify(lines.map((value, line) => ({ order: line + 1, value }))),
      order: Number.parseInt(itemId, 10) || index + 1,
      secondaryOrder: 0,
      displayOrder: index + 1,
      status,
      version,
      isCurrent: status === 'PUBLISHED',
      createdBy: userId,
      updatedBy: userId,
      createdAt: now,
      updatedAt: now
    })),
    '*'
  )
}

/**
 * The fit-out guidelines of Hong Kong and Beijing, published as version 1; Hong Kong's staff have
 * the next version in draft with a changed working-hours line.
 */
export async function seedGuidelines(trx: Knex) {
  const admin = (await trx('users').where({ username: 'admin' }).first('id'))?.id ?? null
  await createGuidelineSet(trx, { region: 'HK', type: 'FIT_OUT', version: 1, status: 'PUBLISHED', sections: hongKongFitOut, userId: admin })
  await createGuidelineSet(trx, { region: 'BJ', type: 'FIT_OUT', version: 1, status: 'PUBLISHED', sections: beijingFitOut, userId: admin })
  const draft: Section[] = hongKongFitOut.map(([itemId, lines]) => [
    itemId,
    itemId === '4' ? [lines[0], 'Noisy works (drilling, hacking) are allowed only from 20:00 to 08:00 on weekdays and all day on Sundays and public holidays.', ...lines.slice(2)] : lines
  ])
  await createGuidelineSet(trx, { region: 'HK', type: 'FIT_OUT', version: 2, status: 'DRAFT', sections: draft, userId: admin })
}
