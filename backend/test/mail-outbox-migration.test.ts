import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKnex } from '../src/db/knex.js'
import { down, up } from '../../migrations/20261123000700_mail_outbox_scope.js'
import { createTestDatabase } from './db.js'

// The outbox of an installation from before the migration: its mails get their readers' regions
// and their token links and codes hidden copies.

let db: Knex
beforeAll(async () => {
  db = createKnex(await createTestDatabase(), 2)
})
afterAll(async () => {
  await db?.destroy()
})

async function legacyMail(row: { region: string | null; template: string; to: string; text: string; html: string }) {
  const [{ id }] = await db('mail_messages').insert({ ...row, language: 'en-US', to: JSON.stringify([row.to]), subject: 's', status: 'OUTBOX' }, ['id'])
  await db('mail_recipients').insert({ messageId: id, address: row.to, kind: 'to', status: 'OUTBOX' })
  return id as number
}

describe('migration 20261123000700_mail_outbox_scope', () => {
  it('files old mails by region and hides their token links and codes', async () => {
    await down(db)
    const tender = await legacyMail({ region: 'SG', template: 'tender.award', to: 'vendor.alpha@example.com', text: 'awarded http://x/vendors/tenders', html: '<p>awarded</p>' })
    const reset = await legacyMail({
      region: null,
      template: 'password.reset',
      to: 'PM.HK@example.com',
      text: 'Set it here: /pub/resetpwd?token=Abc_12-x',
      html: '<a href="/pub/resetpwd?token=Abc_12-x">x</a>'
    })
    const code = await legacyMail({ region: null, template: 'auth.code', to: 'nobody@example.com', text: 'Your code is: 123456. Valid 10 minutes.', html: '<p>123456</p>' })
    await up(db)
    const rows = new Map((await db('mail_messages').whereIn('id', [tender, reset, code])).map((row: any) => [row.id, row]))
    expect(rows.get(tender)).toMatchObject({ regions: ['SG'], htmlRedacted: null, textRedacted: null })
    expect(rows.get(reset)).toMatchObject({ regions: ['HK'], textRedacted: 'Set it here: /pub/resetpwd?token=[hidden]', htmlRedacted: '<a href="/pub/resetpwd?token=[hidden]">x</a>' })
    expect(rows.get(code)).toMatchObject({ regions: ['GLOBAL'], textRedacted: 'Your code is: [hidden]. Valid 10 minutes.', htmlRedacted: '<p>[hidden]</p>' })
  })
})
