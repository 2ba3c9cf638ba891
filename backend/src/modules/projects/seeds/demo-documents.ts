import { createHash } from 'node:crypto'
import config from 'config'
import type { Knex } from 'knex'
import { createStorage } from '../../../storage/create-storage.js'
import { newStorageKey, type FileStorage } from '../../../storage/file-storage.js'

/**
 * A small valid one-page PDF (A4, Helvetica, one text line per entry): real bytes a demo user can
 * open, written without the PDF engine so the demo seed (run before every test run) stays quick.
 */
export function simplePdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1')
  const content = ['BT', '/F1 12 Tf', '56 780 Td', '16 TL', ...lines.map((line) => `(${escape(line)}) '`), 'ET'].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

interface DemoDocument {
  name: string
  description: string
  effectiveDate?: string
  effectiveUntil?: string
}
interface DemoFolder {
  name: string
  status: 'DRAFT' | 'APPR' | 'REJECTED'
  reason?: string
  documents: DemoDocument[]
}

/** The demo's folders by project number: one in each status on Alpha's active project, more on the others. */
const demoFolders: Record<string, DemoFolder[]> = {
  'PO-ES-0006': [
    {
      name: 'Shop drawings',
      status: 'APPR',
      documents: [
        { name: 'ES1-12F-ceiling-layout.pdf', description: 'Level 12 ceiling layout, rev. B', effectiveDate: '2026-10-05', effectiveUntil: '2027-06-30' },
        { name: 'ES1-12F-lighting.pdf', description: 'Level 12 lighting plan, rev. A', effectiveDate: '2026-10-05', effectiveUntil: '2027-06-30' }
      ]
    },
    {
      name: 'Method statements',
      status: 'REJECTED',
      reason: 'The hot-work method statement has no fire watch and no permit reference.',
      documents: [{ name: 'hot-work-method-statement.pdf', description: 'Hot work on the 12th floor', effectiveDate: '2026-11-02', effectiveUntil: '2026-12-31' }]
    },
    {
      name: 'Test certificates',
      status: 'DRAFT',
      documents: [{ name: 'electrical-test-certificate.pdf', description: 'Electrical installation test, circuits 1-24', effectiveDate: '2026-11-20' }]
    }
  ],
  'PO-PJ-0102': [{ name: 'Site photos', status: 'DRAFT', documents: [{ name: 'lobby-ceiling-before.pdf', description: 'Lobby ceiling before the works' }] }],
  'CT-PJ-0103': [
    {
      name: 'As-built drawings',
      status: 'APPR',
      documents: [{ name: 'fire-service-as-built.pdf', description: 'Fire service as-built drawings', effectiveDate: '2026-09-01', effectiveUntil: '2027-11-20' }]
    }
  ]
}

/** The files folder of this installation (the app's own, from the same configuration). */
function demoStorage(): FileStorage {
  return createStorage({ driver: config.has('files.driver') ? config.get<string>('files.driver') : 'local', dataDir: config.has('dataDir') ? config.get<string>('dataDir') : '.data' })
}

/**
 * The demo projects' documents tab (spec §4 folders): folders in each status — DRAFT, APPR (decided
 * by the person in charge) and REJECTED with its reason — each holding small real PDFs filed by the
 * vendor's master account, so a new user meets a filled documents tab.
 */
export async function seedProjectDocuments(trx: Knex, storage: FileStorage = demoStorage()) {
  for (const [number, folders] of Object.entries(demoFolders)) {
    const project = await trx('projects').where({ region: 'HK', number }).whereNot({ status: 'CANCELLED' }).first()
    if (!project) continue
    const vendor = await trx('users').where({ companyId: project.companyId, userType: 401 }).orderBy('id').first('id')
    for (const folder of folders) {
      const decided = folder.status !== 'DRAFT'
      const [stored] = await trx('project_folders').insert(
        {
          region: project.region,
          projectId: project.id,
          name: folder.name,
          status: folder.status,
          reason: folder.reason ?? null,
          decidedBy: decided ? project.managedBy : null,
          decidedAt: decided ? new Date() : null,
          createdBy: vendor?.id ?? null
        },
        '*'
      )
      for (const document of folder.documents) {
        const bytes = simplePdf([`${number}: ${folder.name}`, document.description, `File: ${document.name}`, 'Demo document of the estate portal.'])
        const storageKey = newStorageKey(project.region)
        await storage.put(storageKey, bytes)
        const [file] = await trx('files').insert(
          {
            region: project.region,
            name: document.name,
            mimeType: 'application/pdf',
            size: bytes.length,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            storageKey,
            description: document.description,
            ownerResource: 'projects',
            ownerId: String(project.id),
            uploadedBy: vendor?.id ?? null
          },
          ['id']
        )
        await trx('project_documents').insert({
          region: project.region,
          projectId: project.id,
          folderId: stored.id,
          fileId: file.id,
          description: document.description,
          effectiveDate: document.effectiveDate ?? null,
          effectiveUntil: document.effectiveUntil ?? null,
          uploadedBy: vendor?.id ?? null
        })
      }
    }
  }
}
