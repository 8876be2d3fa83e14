import nodemailer, { type Transporter } from 'nodemailer';
import type { CodeSender, OutgoingMessage } from './code-sender.ts';

/** E-mail through SMTP_URL; SMS still goes to `smsFallback` (no SMS provider is configured). */
export class SmtpSender implements CodeSender {
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
    private readonly smsFallback: CodeSender,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel === 'sms') return this.smsFallback.send(message);
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  close(): void {
    this.transport.close();
  }
}
