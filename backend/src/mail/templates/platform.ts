import type { TemplateSet } from '../templates.js'

// Accounts and login: the mails every portal sends. Links are built by the caller (they point at
// the vendor or engineer entry host when one is configured).

export const platformTemplates = {
  'account.invite': {
    'en-US': {
      subject: 'Your Estate Portal account',
      html: `<p>Dear {{displayName}},</p>
<p>An Estate Portal account has been created for you. Your username is <strong>{{username}}</strong>.</p>
<p>Please set your password here: <a href="{{link}}">Set my password</a></p>
<p>If the link does not open, copy this address into your browser:<br>{{link}}</p>`,
      text: `Dear {{displayName}},

An Estate Portal account has been created for you. Your username is {{username}}.

Please set your password here: {{link}}`
    },
    'zh-CN': {
      subject: '您的 Estate Portal 账户',
      html: `<p>{{displayName}}，您好：</p>
<p>系统已为您创建 Estate Portal 账户，用户名为 <strong>{{username}}</strong>。</p>
<p>请通过以下链接设置密码：<a href="{{link}}">设置密码</a></p>
<p>如果链接无法打开，请将以下地址复制到浏览器中：<br>{{link}}</p>`,
      text: `{{displayName}}，您好：

系统已为您创建 Estate Portal 账户，用户名为 {{username}}。

请通过以下链接设置密码：{{link}}`
    }
  },
  'account.unlock': {
    'en-US': {
      subject: 'Your Estate Portal account is locked',
      html: `<p>Dear {{displayName}},</p>
<p>Your account was locked after too many failed login attempts.</p>
<p>To unlock it, open this link: <a href="{{link}}">Unlock my account</a></p>
<p>If you did not try to log in, please contact the administrator.</p>`,
      text: `Dear {{displayName}},

Your account was locked after too many failed login attempts.

To unlock it, open this link: {{link}}

If you did not try to log in, please contact the administrator.`
    },
    'zh-CN': {
      subject: '您的 Estate Portal 账户已被锁定',
      html: `<p>{{displayName}}，您好：</p>
<p>由于多次登录失败，您的账户已被锁定。</p>
<p>请通过以下链接解锁：<a href="{{link}}">解锁账户</a></p>
<p>如果这些登录并非您本人操作，请联系管理员。</p>`,
      text: `{{displayName}}，您好：

由于多次登录失败，您的账户已被锁定。

请通过以下链接解锁：{{link}}

如果这些登录并非您本人操作，请联系管理员。`
    }
  },
  'password.reset': {
    'en-US': {
      subject: 'Reset your Estate Portal password',
      html: `<p>Dear {{displayName}},</p>
<p>We received a request to reset your password.</p>
<p>Set a new password here: <a href="{{link}}">Reset my password</a></p>
<p>If you did not ask for this, you can ignore this e-mail; your password stays unchanged.</p>`,
      text: `Dear {{displayName}},

We received a request to reset your password.

Set a new password here: {{link}}

If you did not ask for this, you can ignore this e-mail; your password stays unchanged.`
    },
    'zh-CN': {
      subject: '重置您的 Estate Portal 密码',
      html: `<p>{{displayName}}，您好：</p>
<p>我们收到了重置您密码的请求。</p>
<p>请通过以下链接设置新密码：<a href="{{link}}">重置密码</a></p>
<p>如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。</p>`,
      text: `{{displayName}}，您好：

我们收到了重置您密码的请求。

请通过以下链接设置新密码：{{link}}

如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。`
    }
  },
  'auth.code': {
    'en-US': {
      subject: 'Your Estate Portal authentication code',
      html: `<p>Dear {{displayName}},</p>
<p>Your authentication code is:</p>
<p style="font-size: 24px; font-weight: bold; letter-spacing: 4px;">{{code}}</p>
<p>It is valid for {{minutes}} minutes. Do not share it with anyone.</p>`,
      text: `Dear {{displayName}},

Your authentication code is: {{code}}

It is valid for {{minutes}} minutes. Do not share it with anyone.`
    },
    'zh-CN': {
      subject: '您的 Estate Portal 验证码',
      html: `<p>{{displayName}}，您好：</p>
<p>您的验证码为：</p>
<p style="font-size: 24px; font-weight: bold; letter-spacing: 4px;">{{code}}</p>
<p>验证码 {{minutes}} 分钟内有效，请勿告诉他人。</p>`,
      text: `{{displayName}}，您好：

您的验证码为：{{code}}

验证码 {{minutes}} 分钟内有效，请勿告诉他人。`
    }
  },
  'account.locked-by-admin': {
    'en-US': {
      subject: 'Your Estate Portal account has been locked',
      html: `<p>Dear {{displayName}},</p>
<p>An administrator has locked your account. You cannot log in until it is unlocked.</p>
<p>Please contact the administrator if you have any questions.</p>`,
      text: `Dear {{displayName}},

An administrator has locked your account. You cannot log in until it is unlocked.

Please contact the administrator if you have any questions.`
    },
    'zh-CN': {
      subject: '您的 Estate Portal 账户已被锁定',
      html: `<p>{{displayName}}，您好：</p>
<p>管理员已锁定您的账户，解锁前您将无法登录。</p>
<p>如有疑问，请联系管理员。</p>`,
      text: `{{displayName}}，您好：

管理员已锁定您的账户，解锁前您将无法登录。

如有疑问，请联系管理员。`
    }
  },
  'account.unlocked': {
    'en-US': {
      subject: 'Your Estate Portal account has been unlocked',
      html: `<p>Dear {{displayName}},</p>
<p>Your account has been unlocked. You can log in again.</p>`,
      text: `Dear {{displayName}},

Your account has been unlocked. You can log in again.`
    },
    'zh-CN': {
      subject: '您的 Estate Portal 账户已解锁',
      html: `<p>{{displayName}}，您好：</p>
<p>您的账户已解锁，现在可以重新登录。</p>`,
      text: `{{displayName}}，您好：

您的账户已解锁，现在可以重新登录。`
    }
  }
} satisfies TemplateSet
