// The runtime import graph of the repository's TypeScript, for the test that no import cycle runs
// through modules/ (issue 28, section 2). Each file is transpiled on its own by esbuild, as tsx runs
// the server, so an import whose names serve only as types is dropped, as it is at run time; what
// is left are the static imports and re-exports that load a file before its importer runs.
// Dynamic `import()` loads later, on demand, and is no edge of the load order.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { transformSync } from 'esbuild'
import ts from 'typescript'

export type ImportGraph = Map<string, string[]>

const sourceName = /\.tsx?$/
const skipped = /(^|\/)(node_modules|dist)(\/|$)|\.d\.ts$/

function filesUnder(root: string, folder: string): string[] {
  const absolute = path.join(root, folder)
  if (!existsSync(absolute)) return []
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/')))
    .filter((file) => sourceName.test(file) && !skipped.test(file) && statSync(path.join(root, file)).isFile())
}

/** The file a relative specifier names (repository-relative), or undefined for a package or a non-source file. */
function resolve(root: string, importer: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier))
  const bare = target.replace(/\.(js|jsx|ts|tsx)$/, '')
  return [target, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`, `${bare}/index.tsx`].find(
    (file) => sourceName.test(file) && existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile()
  )
}

/** The specifiers of the imports that survive transpiling `source`: static imports, re-exports and bare `import 'x'`. */
export function runtimeSpecifiers(fileName: string, source: string): string[] {
  const { code } = transformSync(source, { loader: fileName.endsWith('.tsx') ? 'tsx' : 'ts', format: 'esm', jsx: 'automatic', target: 'es2022', sourcefile: fileName })
  const emitted = ts.createSourceFile(fileName.replace(/\.tsx?$/, '.js'), code, ts.ScriptTarget.ES2022, false, ts.ScriptKind.JS)
  const specifiers: string[] = []
  for (const statement of emitted.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text)
    }
  }
  return specifiers
}

/** Every source file under `folders` with the files it loads at run time. */
export function runtimeImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const file of folders.flatMap((folder) => filesUnder(root, folder))) {
    const source = readFileSync(path.join(root, file), 'utf8')
    const targets = runtimeSpecifiers(file, source).flatMap((specifier) => resolve(root, file, specifier) ?? [])
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** The strongly connected components with more than one file (or a file importing itself): the import cycles. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so that a deep import chain cannot overflow the stack.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const cycles: string[][] = []
  let counter = 0
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work: { file: string; next: number }[] = [{ file: start, next: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const targets = graph.get(frame.file) ?? []
      if (frame.next < targets.length) {
        const target = targets[frame.next++]
        if (!graph.has(target)) continue
        if (!index.has(target)) {
          index.set(target, counter)
          low.set(target, counter++)
          stack.push(target)
          onStack.add(target)
          work.push({ file: target, next: 0 })
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!))
        }
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1].file
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.file)!))
      }
      if (low.get(frame.file) === index.get(frame.file)) {
        const component: string[] = []
        let file: string
        do {
          file = stack.pop()!
          onStack.delete(file)
          component.push(file)
        } while (file !== frame.file)
        if (component.length > 1 || targets.includes(frame.file)) cycles.push(component.sort())
      }
    }
  }
  return cycles
}
