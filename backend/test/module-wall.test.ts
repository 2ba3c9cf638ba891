import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// The wall is the lint rule `wall/module-wall` (eslint/module-wall.js); these run ESLint itself on
// files written where the platform, a module or the browser would put them.
const root = fileURLToPath(new URL('../..', import.meta.url))
const wallOnly = ({ ruleId }: { ruleId: string }) => ruleId === 'wall/module-wall'

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: root, ruleFilter: wallOnly })
})

/** The wall's messages for `code` as if it were the file at `filePath` (relative to the repository). */
async function breaches(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` })
  return result.messages.filter((message) => message.ruleId === 'wall/module-wall').map((message) => message.message)
}

// ESLint loads its parsers on the first file: a minute leaves room on a busy machine.
describe('the module wall', { timeout: 60_000 }, () => {
  it('stops a platform file importing a module, on both sides and from seeds, migrations and scripts', async () => {
    expect(await breaches('backend/src/services/probe.ts', "import { tenders } from '../modules/tenders/services/tenders/tenders.js'\n")).toEqual([
      expect.stringContaining('platform file imports module "tenders"')
    ])
    expect(await breaches('backend/src/probe.ts', "export * from './modules/tenders/services/tenders/tenders.shared.js'\n")).toEqual([
      expect.stringContaining('platform file imports module "tenders"')
    ])
    expect(await breaches('frontend/src/pages/probe.tsx', 'export const routes = () => import("../modules/tenders/routes");\n')).toEqual([
      expect.stringContaining('platform file imports module "tenders"')
    ])
    expect(await breaches('frontend/src/config/probe.ts', 'export const pages = import.meta.glob(["../pages/*/list.tsx", "../modules/*/pages/*/list.tsx"]);\n')).toEqual([
      expect.stringContaining('platform file imports module "*"')
    ])
    for (const folder of ['seeds', 'migrations', 'scripts']) {
      expect(await breaches(`${folder}/probe.ts`, "import { seedTenders } from '../backend/src/modules/tenders/seeds/tenders.js'\n")).toEqual([
        expect.stringContaining('platform file imports module "tenders"')
      ])
    }
  })

  it('lets only the composition roots (and tests) import the module list of each side', async () => {
    expect(await breaches('backend/src/app.ts', "import { modules } from './modules/index.js'\n")).toEqual([])
    expect(await breaches('backend/src/services/index.ts', "import { modules } from '../modules/index.js'\n")).toEqual([])
    expect(await breaches('seeds/demo.ts', "import { modules } from '../backend/src/modules/index.js'\n")).toEqual([])
    expect(await breaches('frontend/src/App.tsx', 'import { modules } from "./modules";\n')).toEqual([])
    expect(await breaches('frontend/src/PortalRoutes.tsx', 'import { modules } from "./modules";\n')).toEqual([])
    expect(await breaches('backend/test/probe.test.ts', "import { modules } from '../src/modules/index.js'\n")).toEqual([])
    // Below the roots the list is read from the app or the registry, never imported: a file that
    // imported it would sit in an import cycle with every module that imports it.
    expect(await breaches('backend/src/services/probe.ts', "import { modules } from '../modules/index.js'\n")).toEqual([expect.stringContaining('imports the module list')])
    expect(await breaches('backend/src/abilities/probe.shared.ts', "import { sharedModules } from '../modules/index.shared.js'\n")).toEqual([expect.stringContaining('imports the module list')])
    expect(await breaches('frontend/src/providers/probe.ts', 'import { modules } from "../modules";\n')).toEqual([expect.stringContaining('imports the module list')])
    expect(await breaches('frontend/src/modules/probe.tsx', 'import { modules } from "./index";\n')).toEqual([expect.stringContaining('imports the module list')])
    expect(await breaches('backend/src/services/probe.ts', "import { installedModules } from '../modules/registry.shared.js'\n")).toEqual([])
  })

  it('stops a module importing the internals of another, and lets it use the public files', async () => {
    const leases = 'backend/src/modules/leases/services/leases/probe.ts'
    expect(await breaches(leases, "import { TenderService } from '../../../tenders/services/tenders/tenders.class.js'\n")).toEqual([
      expect.stringContaining('module "leases" imports the internals of module "tenders"')
    ])
    expect(await breaches(leases, "import { tenders } from '../../../tenders/module.js'\n")).toEqual([])
    expect(await breaches(leases, "import { tendersMethods } from '../../../tenders/services/tenders/tenders.shared.js'\n")).toEqual([])
    expect(await breaches(leases, "import { tenderWorkflow } from '../../../tenders/services/tenders/tender.workflow.js'\n")).toEqual([expect.stringContaining('internals of module "tenders"')])
    expect(await breaches(leases, "import { tenderRoutes } from '../../../tenders/services/tenders/tender-routes.js'\n")).toEqual([expect.stringContaining('internals of module "tenders"')])
    expect(await breaches('frontend/src/modules/leases/probe.tsx', 'import { TenderPanels } from "../tenders/dashboard/TenderPanels";\n')).toEqual([
      expect.stringContaining('module "leases" imports the internals of module "tenders"')
    ])
    // Its own files, on either side, are its own business.
    expect(await breaches('frontend/src/modules/tenders/probe.tsx', 'import { addendumRoutes } from "./components/addendumRoutes";\n')).toEqual([])
  })

  it('lets browser code import only browser-safe backend files', async () => {
    expect(await breaches('frontend/src/probe.ts', 'import { db } from "../../backend/src/db/knex";\n')).toEqual([expect.stringContaining('not browser-safe')])
    expect(await breaches('frontend/src/probe.ts', 'import type { Application } from "../../backend/src/declarations";\n')).toEqual([expect.stringContaining('not browser-safe')])
    expect(await breaches('frontend/src/probe.ts', 'import { regionsPath } from "../../backend/src/services/regions/regions.shared";\n')).toEqual([])
    expect(await breaches('frontend/src/probe.ts', 'import path from "node:path";\n')).toEqual([expect.stringContaining('Node\'s "node:path"')])
    // What the browser reaches through a browser-safe file is held to the same.
    const shared = 'backend/src/services/regions/probe.shared.ts'
    expect(await breaches(shared, "import { db } from '../../db/knex.js'\n")).toEqual([expect.stringContaining('not browser-safe')])
    expect(await breaches(shared, "import { readFileSync } from 'fs'\n")).toEqual([expect.stringContaining('Node\'s "fs"')])
    expect(await breaches('backend/src/services/regions/probe.ts', "import { readFileSync } from 'node:fs'\n")).toEqual([])
    expect(await breaches('frontend/src/modules/tenders/probe.ts', 'import { closingDate } from "../../../../backend/src/modules/tenders/services/tenders/closing-date";\n')).toEqual([])
  })

  it('holds on the repository as it is', async () => {
    const results = await eslint.lintFiles(['backend', 'frontend', 'seeds', 'migrations', 'scripts', 'tests'])
    const found = results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'wall/module-wall').map((message) => `${result.filePath}:${message.line} ${message.message}`))
    expect(found).toEqual([])
  }, 300_000)
})
