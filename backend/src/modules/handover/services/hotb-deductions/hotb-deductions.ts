import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { mayReadHotb } from '../hotb/hotb-lines.js'
import { HotbDeductionService } from './hotb-deductions.class.js'
import { hotbDeductionDataValidator } from './hotb-deductions.schema.js'
import { hotbDeductionsMethods, hotbDeductionsPath } from './hotb-deductions.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [hotbDeductionsPath]: HotbDeductionService
  }
}

/** A takeback's deteriorated items turned into deposit deductions (issue 31 §5); who: staff who may edit the takeback (hotb-deductions.class.ts). */
export const hotbDeductions = (app: Application) => {
  app.use(hotbDeductionsPath, new HotbDeductionService(app), { methods: [...hotbDeductionsMethods], regional: true, feature: 'TENANT_PROJECTS' } as any)
  app.service(hotbDeductionsPath).hooks({
    before: {
      all: [mayReadHotb],
      create: [schemaHooks.validateData(hotbDeductionDataValidator)]
    }
  } as any)
}
