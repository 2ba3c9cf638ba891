import { contractWorkflow } from './contract.workflow.js'

export const contractsPath = 'contracts'
/** The CRUD methods and the workflow's actions (contract.workflow.ts), each a custom method. */
export const contractsMethods = ['find', 'get', 'create', 'patch', 'remove', ...contractWorkflow.actions.map(({ action }) => action)] as const
