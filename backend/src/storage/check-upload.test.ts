import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkUpload, cleanFileName, type UploadLimits, type UploadedFile } from './check-upload.js'
import { docxBytes, dwgBytes, exeBytes, jpgBytes, pdfBytes, pngBytes, xlsxBytes, zipBytes } from './test-files.js'

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-upload-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const limits: UploadLimits = { maxSizeMb: 1, maxCount: 3, types: ['pdf', 'docx', 'xlsx', 'jpg', 'png', 'dwg', 'zip'] }

let counter = 0
/** A temporary file as formidable leaves it: random path, the browser's name and type. */
function upload(name: string, bytes: Buffer, mimetype = 'application/octet-stream'): UploadedFile {
  const filepath = path.join(dir, `upload-${++counter}`)
  fs.writeFileSync(filepath, bytes)
  return { filepath, originalFilename: name, mimetype, size: bytes.length }
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error: any) {
    return { status: error.code, ...error.data }
  }
  throw new Error('expected a rejection')
}

describe('checkUpload', () => {
  it('accepts each allowed type by its content, with the type it proved', async () => {
    const files = [
      upload('report.pdf', pdfBytes()),
      upload('photo.PNG', pngBytes()),
      upload('photo.jpeg', jpgBytes()),
      upload('letter.docx', docxBytes()),
      upload('sheet.xlsx', await xlsxBytes()),
      upload('plan.dwg', dwgBytes()),
      upload('bundle.zip', zipBytes({ 'a.txt': 'a' }))
    ]
    const checked = await checkUpload(files, { ...limits, maxCount: 10 })
    expect(checked.map((file) => [file.name, file.ext, file.mimeType])).toEqual([
      ['report.pdf', 'pdf', 'application/pdf'],
      ['photo.PNG', 'png', 'image/png'],
      ['photo.jpeg', 'jpg', 'image/jpeg'],
      ['letter.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['sheet.xlsx', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['plan.dwg', 'dwg', 'image/vnd.dwg'],
      ['bundle.zip', 'zip', 'application/zip']
    ])
    expect(checked[0].size).toBe(pdfBytes().length)
  })

  it('rejects an executable renamed .pdf, whatever the browser claims', async () => {
    expect(await rejection(checkUpload([upload('invoice.pdf', exeBytes(), 'application/pdf')], limits))).toMatchObject({
      status: 400,
      code: 'FILE_TYPE',
      name: 'invoice.pdf',
      types: 'pdf, docx, xlsx, jpg, png, dwg, zip'
    })
  })

  it('rejects a zip named .pdf and a pdf named .docx: the extension must agree', async () => {
    expect(await rejection(checkUpload([upload('a.pdf', zipBytes({ 'x.txt': 'x' }))], limits))).toMatchObject({ code: 'FILE_TYPE' })
    expect(await rejection(checkUpload([upload('a.docx', pdfBytes())], limits))).toMatchObject({ code: 'FILE_TYPE' })
    expect(await rejection(checkUpload([upload('noext', pdfBytes())], limits))).toMatchObject({ code: 'FILE_TYPE' })
  })

  it('rejects a type the region does not allow', async () => {
    expect(await rejection(checkUpload([upload('a.png', pngBytes())], { ...limits, types: ['pdf'] }))).toMatchObject({ code: 'FILE_TYPE', types: 'pdf' })
  })

  it('rejects content nothing recognises, and empty files', async () => {
    expect(await rejection(checkUpload([upload('a.pdf', Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]))], limits))).toMatchObject({ code: 'FILE_TYPE' })
    expect(await rejection(checkUpload([upload('a.pdf', Buffer.alloc(0))], limits))).toMatchObject({ status: 400, code: 'FILE_EMPTY' })
  })

  it('accepts plain text only when the region lists the text type', async () => {
    expect(await rejection(checkUpload([upload('notes.txt', Buffer.from('hello'))], limits))).toMatchObject({ code: 'FILE_TYPE' })
    const [file] = await checkUpload([upload('notes.txt', Buffer.from('hello'))], { ...limits, types: ['txt'] })
    expect(file).toMatchObject({ ext: 'txt', mimeType: 'text/plain' })
  })

  it('rejects a file over the size limit, by its bytes on disk', async () => {
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(1024 * 1024)])
    expect(await rejection(checkUpload([{ ...upload('big.pdf', big), size: 10 }], limits))).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', name: 'big.pdf', max: 1 })
  })

  it('rejects too many files and no file', async () => {
    const four = [1, 2, 3, 4].map((n) => upload(`${n}.pdf`, pdfBytes()))
    expect(await rejection(checkUpload(four, limits))).toMatchObject({ status: 400, code: 'FILE_COUNT', max: 3 })
    expect(await rejection(checkUpload([], limits))).toMatchObject({ status: 400, code: 'FILE_MISSING' })
  })
})

describe('cleanFileName', () => {
  it('keeps only the last path part, without control characters', () => {
    expect(cleanFileName('C:\\Users\\me\\plan.pdf')).toBe('plan.pdf')
    expect(cleanFileName('../../etc/passwd')).toBe('passwd')
    expect(cleanFileName('a\u0000b\n.pdf')).toBe('ab.pdf')
    expect(cleanFileName('')).toBe('file')
    expect(cleanFileName('報告.pdf')).toBe('報告.pdf')
  })
  it('shortens long names to 255 characters, keeping the extension', () => {
    const name = cleanFileName(`${'x'.repeat(300)}.pdf`)
    expect(name).toHaveLength(255)
    expect(name.endsWith('.pdf')).toBe(true)
  })
})
