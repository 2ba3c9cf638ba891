// The tenancy records' mails (spec §9 "Jobs: contact info confirm"): their texts are the module's
// catalogue's `mail` (locales/<language>.ts); here is the data each needs, so `mailer.enqueue` checks it.

declare module '../../../mail/templates.js' {
  interface MailTemplateData {
    'tenancy.contacts-confirm': { companyName: string; tradeName: string; days: number; link: string }
  }
}

export {}
