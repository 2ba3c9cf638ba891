import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * Modules meet through doors, not tables (issue 28 item 3): a table belongs to the module whose
 * migrations create it (or to the platform, whose migrations are at the repository's root), and
 * only its owner's code names it in SQL. Another module, or the platform, reads it through the
 * owner's door (a function its `module.ts` exports). A foreign key to another module's records is
 * allowed (`references('<table>.id')`): a record it lets others reference.
 *
 * The crossings written before this rule are listed below, each to be replaced by a door; the test
 * fails on any crossing not listed, and on a listed one that is gone (so the list only shrinks).
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const modulesDir = path.join(root, 'backend/src/modules')

/** Known crossings, as `<file>: <table>`, each still to be moved behind its owner's door. */
const knownCrossings = [
  // the tenancy contacts keep a contact's role channels while it is linked (a trigger on contacts' table).
  'backend/src/modules/tenancies/migrations/20261127010000_tenancy_contacts.ts: ccd_contacts',
  // a move's handover_id gets its foreign key and its one-move-per-record index from the handover module (the tenancies migration left it for it).
  'backend/src/modules/handover/migrations/20261208000400_hotb_moves.ts: tenancy_moves'
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (name === 'node_modules') return []
    return statSync(full).isDirectory() ? filesUnder(full) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** The tables each module's migrations create (the platform's are everyone's to name). */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>()
  for (const name of readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, name)
    if (!statSync(dir).isDirectory()) continue
    for (const file of filesUnder(dir).filter((file) => file.includes(`${path.sep}migrations${path.sep}`))) {
      for (const [, table] of readFileSync(file, 'utf8').matchAll(/createTable\(\s*'([a-z0-9_]+)'/g)) owners.set(table, name)
    }
  }
  return owners
}

/** The module a file is of (undefined for the platform's). */
const moduleOf = (file: string) => (file.startsWith(modulesDir + path.sep) ? file.slice(modulesDir.length + 1).split(path.sep)[0] : undefined)

/** Whether the code names the table in SQL: a query builder's table, a join, or raw SQL, past the foreign keys. */
function namesInSql(code: string, table: string): boolean {
  const withoutReferences = code.replace(new RegExp(`references\\(\\s*'${table}\\.[a-z_]+'\\s*\\)`, 'g'), '')
  const patterns = [
    `\\b(db|knex|trx|conn|database|savepoint|builder|Model)\\s*\\(\\s*'${table}'`, // db('t')
    `\\.(from|into|table|join|leftJoin|innerJoin|rightJoin|joinRaw|alterTable|createTable|dropTable|hasTable)\\(\\s*'${table}\\b`,
    `\\b(FROM|JOIN|UPDATE|INTO|TABLE)\\s+${table}\\b`,
    `\\bON\\s+${table}\\s+(FOR|USING)\\b` // a trigger or an index on the table
  ]
  return patterns.some((pattern) => new RegExp(pattern, 'i').test(withoutReferences))
}

describe('modules meet through doors, not tables', () => {
  it('names a table in SQL only in the module that owns it', () => {
    const owners = tableOwners()
    expect(owners.size).toBeGreaterThan(20)
    const files = [...filesUnder(path.join(root, 'backend/src')), ...filesUnder(path.join(root, 'seeds')), ...filesUnder(path.join(root, 'scripts'))]
    const crossings: string[] = []
    for (const file of files) {
      const code = readFileSync(file, 'utf8')
      const own = moduleOf(file)
      for (const [table, owner] of owners) {
        if (owner !== own && namesInSql(code, table)) crossings.push(`${path.relative(root, file).split(path.sep).join('/')}: ${table}`)
      }
    }
    expect(
      crossings.filter((crossing) => !knownCrossings.includes(crossing)),
      'new crossings: read the table through its owner module`s door'
    ).toEqual([])
    expect(
      knownCrossings.filter((crossing) => !crossings.includes(crossing)),
      'gone from the code: take them off the list'
    ).toEqual([])
  })

  it('would catch a module naming another module’s table', () => {
    expect(namesInSql("const rows = await db('ccd_contacts').where({ id })", 'ccd_contacts')).toBe(true)
    expect(namesInSql('SELECT c.name FROM ccd_contacts c WHERE c.id = 1', 'ccd_contacts')).toBe(true)
    expect(namesInSql("query.join('tenders', 'tenders.id', 'projects.tender_id')", 'tenders')).toBe(true)
    expect(namesInSql("t.integer('ccd_contact_id').references('ccd_contacts.id')", 'ccd_contacts')).toBe(false)
    expect(namesInSql('CREATE TRIGGER keep BEFORE UPDATE OF channels ON ccd_contacts FOR EACH ROW', 'ccd_contacts')).toBe(true)
    expect(namesInSql("const label = 'tenders'", 'tenders')).toBe(false)
    expect(namesInSql("ability.can('update', subject('tenders', record))", 'tenders')).toBe(false)
  })
})
