import type { PlatformCatalogue } from './en-US.js'

/** Everything the platform says in Chinese besides its error codes: the mails of accounts and login. */
const catalogue: PlatformCatalogue = {
  mail: {
    footer: '此邮件由 Estate Portal 系统自动发送，请勿直接回复。',
    hidden: '[已隐藏]',
    templates: {
      'account.invite': {
        subject: '您的 Estate Portal 账户',
        html: `<p>{{displayName}}，您好：</p>
<p>系统已为您创建 Estate Portal 账户，用户名为 <strong>{{username}}</strong>。</p>
<p>请通过以下链接设置密码：<a href="{{link}}">设置密码</a></p>
<p>如果链接无法打开，请将以下地址复制到浏览器中：<br>{{link}}</p>`,
        text: `{{displayName}}，您好：

系统已为您创建 Estate Portal 账户，用户名为 {{username}}。

请通过以下链接设置密码：{{link}}`
      },
      'account.unlock': {
        subject: '您的 Estate Portal 账户已被锁定',
        html: `<p>{{displayName}}，您好：</p>
<p>由于多次登录失败，您的账户已被锁定。</p>
<p>请通过以下链接解锁：<a href="{{link}}">解锁账户</a></p>
<p>如果这些登录并非您本人操作，请联系管理员。</p>`,
        text: `{{displayName}}，您好：

由于多次登录失败，您的账户已被锁定。

请通过以下链接解锁：{{link}}

如果这些登录并非您本人操作，请联系管理员。`
      },
      'password.reset': {
        subject: '重置您的 Estate Portal 密码',
        html: `<p>{{displayName}}，您好：</p>
<p>我们收到了重置您密码的请求。</p>
<p>请通过以下链接设置新密码：<a href="{{link}}">重置密码</a></p>
<p>如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。</p>`,
        text: `{{displayName}}，您好：

我们收到了重置您密码的请求。

请通过以下链接设置新密码：{{link}}

如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。`
      },
      'auth.code': {
        subject: '您的 Estate Portal 验证码',
        html: `<p>{{displayName}}，您好：</p>
<p>您的验证码为：</p>
<p style="font-size: 24px; font-weight: bold; letter-spacing: 4px;">{{code}}</p>
<p>验证码 {{minutes}} 分钟内有效，请勿告诉他人。</p>`,
        text: `{{displayName}}，您好：

您的验证码为：{{code}}

验证码 {{minutes}} 分钟内有效，请勿告诉他人。`
      },
      'account.locked-by-admin': {
        subject: '您的 Estate Portal 账户已被锁定',
        html: `<p>{{displayName}}，您好：</p>
<p>管理员已锁定您的账户，解锁前您将无法登录。</p>
<p>如有疑问，请联系管理员。</p>`,
        text: `{{displayName}}，您好：

管理员已锁定您的账户，解锁前您将无法登录。

如有疑问，请联系管理员。`
      },
      'account.unlocked': {
        subject: '您的 Estate Portal 账户已解锁',
        html: `<p>{{displayName}}，您好：</p>
<p>您的账户已解锁，现在可以重新登录。</p>`,
        text: `{{displayName}}，您好：

您的账户已解锁，现在可以重新登录。`
      }
    }
  }
}

export default catalogue
