import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importCycles, runtimeImportGraph, runtimeSpecifiers, type ImportGraph } from './import-graph.js'

// Issue 28, section 2: a floor below the modules. The module lists are imported only at the top
// (the lint rule `wall/module-wall` says where); this shows the result at run time: no import
// cycle runs through modules/, so every platform file loads, and can be tested, without them.
const root = fileURLToPath(new URL('../..', import.meta.url))
const inModules = (file: string) => /^(backend|frontend)\/src\/modules\//.test(file)

describe('the runtime import graph', { timeout: 120_000 }, () => {
  it('drops imports whose names serve only as types, and keeps the rest', () => {
    const source = [
      "import type { A } from './a.js'",
      "import { type B } from './b.js'",
      "import { C } from './c.js'",
      "import { D } from './d.js'",
      "import './e.js'",
      "export { F } from './f.js'",
      "export type { G } from './g.js'",
      "const lazy = () => import('./h.js')",
      'export const x: C = D(lazy)'
    ].join('\n')
    expect(runtimeSpecifiers('probe.ts', source)).toEqual(['./d.js', './e.js', './f.js'])
  })

  it('finds a cycle, and only a cycle', () => {
    const graph: ImportGraph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']]
    ])
    expect(importCycles(graph)).toEqual(expect.arrayContaining([['a', 'b', 'c'], ['e']]))
    expect(importCycles(graph)).toHaveLength(2)
  })

  it.each([
    ['the server', ['backend/src', 'seeds', 'migrations', 'scripts'], 'backend/src/app.ts', 'backend/src/modules/index.ts'],
    ['the browser', ['frontend/src'], 'frontend/src/App.tsx', 'frontend/src/modules/index.ts']
  ])('has no cycle through modules/ in %s', (_side, folders, top, list) => {
    const graph = runtimeImportGraph(root, folders)
    // The graph is the real one: the composition root loads the module list.
    expect(graph.get(top)).toContain(list)
    const throughModules = importCycles(graph).filter((cycle) => cycle.some(inModules))
    expect(throughModules).toEqual([])
  })
})
