import { AGREEMENT_CLAUSES, type Loan } from '../../../contract/loans/schemas.ts';
import type { Language } from '../../../contract/languages.ts';
import type { StoredImage } from '../platform/files/print-image.ts';
import { LocaleFormat } from '../platform/i18n/format.ts';
import { Words, type WordValues } from '../platform/i18n/words.ts';
import { renderPdf, type Block } from '../platform/pdf/document.ts';

/** The lender named in the agreement (the parties clause names it too). */
const LENDER = 'Kestrel Markets';
/** The signature's box on the page, in points. */
export const SIGNATURE_BOX = { width: 240, height: 100 } as const;

export interface SignedAgreement {
  loan: Loan;
  /** The language the person signed in: the agreement is printed in it. */
  language: Language;
  signedAt: string;
  signatureSha256: string;
  /** Where times are shown: the zone the loan's days are counted in. */
  timeZone: string;
  borrower: { name: string | null; username: string; userId: number };
  /** The signature as stored (null once deleted past the retention period). */
  signature: StoredImage | null;
}

type Say = (key: string, values?: WordValues) => string;

/**
 * The signed agreement as a PDF, in the signer's language: the parties, the figures as
 * signed, every clause the screen showed in the words it showed them (locales/<lang>/loans.json,
 * the same file), the status and, once repaid, when and how much; the signature, its hash and
 * the agreement's. Figures and dates are the language's way; times are in the loan's zone.
 */
export async function agreementPdf(a: SignedAgreement): Promise<Uint8Array> {
  const words = await Words.load(a.language, 'loans');
  const say: Say = (key, values) => words.t(key, values);
  const format = new LocaleFormat(a.language, a.timeZone);
  const { loan } = a;
  const title = say('apply.title', { productName: loan.productName });
  const blocks: Block[] = [
    { kind: 'text', text: title, size: 17, weight: 'bold' },
    {
      kind: 'text',
      text: `${say('detail.title', { id: loan.id })} · ${say('apply.version', { version: loan.agreementVersion })}`,
      size: 9,
      muted: true,
    },
    { kind: 'rule' },
    ...parties(a, say),
    ...figures(loan.figures, say, format),
    ...clauses(loan, say, format),
    ...status(loan, say, format),
    ...signature(a, say, format),
  ];
  return renderPdf({
    title,
    language: a.language,
    blocks,
    footer: (page, pages) => say('pager.status', { page, pages }),
  });
}

const heading = (text: string): Block => ({
  kind: 'text',
  text,
  size: 12,
  weight: 'bold',
  gap: 12,
});
const field = (say: Say, label: string, value: string): Block => ({
  kind: 'text',
  text: say('pdf.field', { label, value }),
  size: 10,
});

function parties(a: SignedAgreement, say: Say): Block[] {
  const { name, username, userId } = a.borrower;
  return [
    heading(say('pdf.parties')),
    field(say, say('pdf.borrower'), name ?? say('pdf.nameMissing')),
    field(say, say('pdf.account'), say('pdf.accountValue', { username, id: userId })),
    field(say, say('pdf.lender'), LENDER),
  ];
}

/** The figures as the screen listed them before signing (LoansPage's AgreementFigures). */
function figures(f: Loan['figures'], say: Say, format: LocaleFormat): Block[] {
  const usdt = (value: string) => `${format.amount(value)} USDT`;
  const percent = (value: string) => `${format.decimal(value)}%`;
  const rows: [string, string][] = [
    ['figures.amount', usdt(f.amount)],
    ['figures.term', say('days', { count: f.termDays })],
    ['product.dailyRate', percent(f.dailyRatePercent)],
    ['figures.annual', percent(f.annualPercent)],
    ['product.freeDays', say('days', { count: f.freeDays })],
    ['figures.totalInterest', usdt(f.totalInterest)],
    ['figures.totalRepay', usdt(f.totalRepay)],
    ['figures.repayBy', format.calendarDay(f.repayBy)],
    ['product.overdueRate', percent(f.overdueRatePercent)],
    ['figures.dailyDamages', usdt(f.dailyDamages)],
  ];
  return [heading(say('pdf.figures')), ...rows.map(([key, value]) => field(say, say(key), value))];
}

/** Every clause, worded with the signed figures as the screen worded them. */
function clauses(loan: Loan, say: Say, format: LocaleFormat): Block[] {
  const f = loan.figures;
  const values: WordValues = {
    productName: loan.productName,
    amount: format.amount(f.amount),
    termDays: f.termDays,
    dailyRatePercent: format.decimal(f.dailyRatePercent),
    annualPercent: format.decimal(f.annualPercent),
    freeDays: f.freeDays,
    totalInterest: format.amount(f.totalInterest),
    totalRepay: format.amount(f.totalRepay),
    repayBy: format.calendarDay(f.repayBy),
    overdueRatePercent: format.decimal(f.overdueRatePercent),
    dailyDamages: format.amount(f.dailyDamages),
  };
  return [
    heading(say('pdf.terms')),
    ...AGREEMENT_CLAUSES.map((clause, i): Block => ({
      kind: 'text',
      text: `${i + 1}. ${say(`agreement.${clause}`, values)}`,
      size: 10,
      gap: 3,
    })),
  ];
}

/** Where the loan stands: its status, its repayment day, and once repaid, when and how much. */
function status(loan: Loan, say: Say, format: LocaleFormat): Block[] {
  const line = (label: string, value: string | null) =>
    value === null ? [] : [field(say, say(label), value)];
  return [
    heading(say('pdf.status')),
    { kind: 'text', text: say(`status.${loan.status}`), size: 10, weight: 'bold' },
    ...line('pdf.reason', loan.reasonCode && say(`reviewReason.${loan.reasonCode}`)),
    ...line('detail.dueDay', loan.dueDay && format.calendarDay(loan.dueDay)),
    ...line('detail.repaidAt', loan.repaidAt && format.instant(loan.repaidAt)),
    ...line('detail.repaidAmount', loan.repaidAmount && `${format.amount(loan.repaidAmount)} USDT`),
  ];
}

function signature(a: SignedAgreement, say: Say, format: LocaleFormat): Block[] {
  const small = (text: string): Block => ({ kind: 'text', text, size: 8, muted: true, gap: 2 });
  return [
    // The signature stays with its heading and date: never a page of its own.
    { kind: 'keep', height: SIGNATURE_BOX.height + 120 },
    heading(say('pdf.signature')),
    field(say, say('pdf.signedAt'), format.instant(a.signedAt)),
    a.signature === null
      ? { kind: 'text', text: say('pdf.signatureDeleted'), size: 10 }
      : { kind: 'image', image: a.signature, ...SIGNATURE_BOX },
    small(say('pdf.signatureHash', { hash: a.signatureSha256 })),
    small(say('detail.hash', { hash: a.loan.agreementHash })),
    small(say('pdf.timeZone', { zone: a.timeZone })),
  ];
}
