export const purchaseRequestsPath = 'purchase-requests'
export const purchaseRequestsMethods = ['find', 'get'] as const
