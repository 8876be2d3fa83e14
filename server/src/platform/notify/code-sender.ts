/** One outgoing message carrying a one-time code. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** E-mail address, or the phone number with its area code (+447700900123). */
  to: string;
  subject: string;
  text: string;
}

export interface CodeSender {
  send(message: OutgoingMessage): Promise<void>;
}
