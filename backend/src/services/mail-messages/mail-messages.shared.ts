export const mailMessagesPath = 'mail-messages'
export const mailMessagesMethods = ['find', 'get'] as const
