// The module wall (issue 9, point 2), as an ESLint rule so that `npm run lint` checks it with the
// rest. It resolves each relative import to the file it names, so the rule holds however deep the
// importing file sits; `no-restricted-imports` only sees the written string and cannot say "another
// module's internals" in general.
//
// (a) The platform (backend/src and frontend/src outside modules/, seeds/, migrations/, scripts/)
//     reaches modules only through the one list file of its side, modules/index.ts.
// (a') That list is imported only at the top (issue 28, section 2): the composition roots in
//     `moduleListImporters` and tests. Everything below them reads the modules the root installed
//     (`app.get('modules')`, modules/registry.shared.ts, the browser's modules/registry.ts), so no
//     platform file sits in an import cycle with the modules (backend/test/import-cycles.test.ts).
// (b) A module reaches another module only through that module's module.ts or its *.shared.ts files.
// (c) Browser code (frontend/src) imports from backend/ only browser-safe files: *.shared.ts,
//     *.schema.ts, *.workflow.ts, and the files named in `browserSafeFiles`. The browser-safe files
//     are held to the same, so what the browser reaches through them stays safe, and none of them
//     imports a Node built-in.
import { existsSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const moduleListFiles = ['backend/src/modules/index.ts', 'backend/src/modules/index.shared.ts', 'frontend/src/modules/index.ts']

// The composition roots: the only files that may import a module list (tests are roots of their own).
const moduleListImporters = ['backend/src/app.ts', 'backend/src/services/index.ts', 'migrations/index.ts', 'seeds/demo.ts', 'scripts/bench.ts', 'frontend/src/App.tsx', 'frontend/src/PortalRoutes.tsx']
const isTest = (file) => /\.test\.tsx?$/.test(file) || /^(backend\/test|tests)\//.test(file)

// Backend files that browser code imports although their names do not say browser-safe: each imports
// nothing Node-only (pure functions of tenders). Renaming them to *.shared.ts would end this list.
const browserSafeFiles = [
  'backend/src/modules/tenders/services/tenders/tender-amounts.ts',
  'backend/src/modules/tenders/services/tenders/closing-date.ts',
  'backend/src/modules/tenders/services/tenders/numeric-filter.ts',
  'backend/src/modules/tenders/services/tenders/addendum-diff.ts',
  'backend/src/modules/tenders/services/tenders/line-item-rules.ts',
  'backend/src/modules/tenders/services/tenders/tender-sections.ts',
  'backend/src/modules/tenders/services/tenders/tender-routes.ts',
  'backend/src/modules/tenders/services/tenders/bid-comparison.ts',
  'backend/src/modules/tenders/services/tender-documents/effective-period.ts',
  // Platform helpers that the browser-safe files import (each imports only a Feathers package).
  'backend/src/errors.ts',
  'backend/src/kit/workflow.ts',
  'backend/src/validators.ts',
  'backend/src/kit/query.ts'
]

const browserSafeName = /\.(shared|schema|workflow)\.ts$/
const moduleFile = /^(backend|frontend)\/src\/modules\/([^/]+)\/(.+)$/
const moduleEntry = /^module\.tsx?$/
const sharedName = /\.shared\.tsx?$/
const nodeBuiltins = new Set(builtinModules)

const isBrowserSafe = (file) => browserSafeName.test(file) || browserSafeFiles.includes(file)
const runsInBrowser = (file) => file.startsWith('frontend/src/') || (file.startsWith('backend/') && isBrowserSafe(file))

/** The repository-relative path of the file an import names, extension included when it exists. */
function resolveImport(importer, specifier) {
  const absolute = path.resolve(path.dirname(importer), specifier)
  const bare = absolute.replace(/\.(js|jsx|ts|tsx)$/, '')
  const candidates = [absolute, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`, `${bare}/index.tsx`]
  const found = candidates.find((file) => existsSync(file) && statSync(file).isFile())
  // A file not written yet (the module lists, while other helpers create them) keeps its TypeScript name.
  return relative(found ?? `${bare}.ts`)
}

function relative(file) {
  return path.relative(root, file).split(path.sep).join('/')
}

function moduleOf(file) {
  const match = moduleFile.exec(file)
  return match ? { name: match[2], inner: match[3] } : undefined
}

function isPlatform(file) {
  if (/^(seeds|migrations|scripts)\//.test(file)) return true
  return /^(backend|frontend)\/src\//.test(file) && !/^(backend|frontend)\/src\/modules\//.test(file)
}

/** Why `importer` may not import `target`, or undefined when it may. */
export function wallBreach(importer, target) {
  if (moduleListFiles.includes(target) && !moduleListImporters.includes(importer) && !isTest(importer)) {
    return `${importer} imports the module list (${target}): only the composition roots do (${moduleListImporters.join(', ')}); read the modules the root installed (app.get('modules'), modules/registry)`
  }
  const targetModule = moduleOf(target)
  if (isPlatform(importer) && targetModule && !moduleListFiles.includes(target)) {
    return `platform file imports module "${targetModule.name}" (${target}): go through modules/index.ts`
  }
  const importerModule = moduleOf(importer)
  if (importerModule && targetModule && importerModule.name !== targetModule.name) {
    const isPublic = moduleEntry.test(targetModule.inner) || sharedName.test(target)
    if (!isPublic) {
      return `module "${importerModule.name}" imports the internals of module "${targetModule.name}" (${target}): use its module.ts or a *.shared.ts file`
    }
  }
  if (runsInBrowser(importer) && target.startsWith('backend/') && !isBrowserSafe(target)) {
    return `browser code imports ${target}, which is not browser-safe: only *.shared.ts, *.schema.ts, *.workflow.ts`
  }
  return undefined
}

/** Why `importer` may not import the package `specifier`, or undefined when it may. */
export function packageBreach(importer, specifier) {
  if (runsInBrowser(importer) && (specifier.startsWith('node:') || nodeBuiltins.has(specifier.split('/')[0]))) {
    return `browser code imports Node's "${specifier}"`
  }
  return undefined
}

const moduleWall = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the platform out of modules, modules out of each other, the browser out of Node code' },
    schema: []
  },
  create(context) {
    const importer = context.filename
    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      const breach = source.value.startsWith('.') ? wallBreach(relative(importer), resolveImport(importer, source.value)) : packageBreach(relative(importer), source.value)
      if (breach) context.report({ node, message: breach })
    }
    // `import.meta.glob(patterns)`: Vite imports every file a pattern matches; `*` names any module.
    function checkGlob(node) {
      const { callee } = node
      if (callee.type !== 'MemberExpression' || callee.object.type !== 'MetaProperty' || callee.property.name !== 'glob') return
      const [patterns] = node.arguments
      for (const pattern of patterns?.type === 'ArrayExpression' ? patterns.elements : [patterns]) {
        if (pattern?.type !== 'Literal' || typeof pattern.value !== 'string' || !pattern.value.startsWith('.')) continue
        const breach = wallBreach(relative(importer), relative(path.resolve(path.dirname(importer), pattern.value)))
        if (breach) context.report({ node, message: breach })
      }
    }
    return {
      CallExpression: checkGlob,
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      // `import('./x.js').Type` in a type position; the literal sits in `argument` or `source` by version.
      TSImportType: (node) => check(node, node.source ?? node.argument?.literal)
    }
  }
}

export default { rules: { 'module-wall': moduleWall } }
