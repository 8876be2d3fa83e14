import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Loan } from '../../../contract/loans/schemas.ts';

/**
 * The signed agreement as a PDF (pdf-lib): the version, the parties' ids, every figure as
 * signed, the signature image and the hash that seals them. Printed in English, the
 * agreement's governing text (decisions.md): the standard PDF fonts carry Latin script only,
 * and the stored hash covers the figures, not the words of any one language.
 */
export async function agreementPdf(loan: Loan, signaturePng: Buffer | null): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Loan agreement ${loan.id}`);
  doc.setCreator('Kestrel Markets');
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const line = (text: string, f = font, size = 11) => {
    page.drawText(text, { x: 50, y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
    y -= size + 8;
  };
  const f = loan.figures;
  line('Kestrel Markets - Loan agreement', bold, 16);
  line(
    `Agreement version ${loan.agreementVersion}, loan ${loan.id}, product ${ascii(loan.productName)}`,
  );
  line(`Applied ${loan.appliedAt}`);
  y -= 6;
  line('Figures as signed', bold, 12);
  line(`Amount: ${f.amount} USDT for ${f.termDays} days`);
  line(
    `Daily rate ${f.dailyRatePercent}% (annual ${f.annualPercent}%), no interest for the first ${f.freeDays} days`,
  );
  line(`Total interest: ${f.totalInterest} USDT; total to repay: ${f.totalRepay} USDT`);
  line(`Repayment date if paid out on signing: ${f.repayBy}`);
  line(
    `Overdue: liquidated damages of ${f.overdueRatePercent}% of the amount (${f.dailyDamages} USDT) per day`,
  );
  line('Early repayment: interest to date only, no penalty.');
  y -= 6;
  line('Status', bold, 12);
  line(`Status: ${loan.status}; repayment day: ${loan.dueDay ?? 'set when paid out'}`);
  y -= 6;
  line('Signature', bold, 12);
  if (signaturePng !== null) {
    const image = await doc.embedPng(signaturePng);
    const scaled = image.scaleToFit(240, 100);
    page.drawImage(image, {
      x: 50,
      y: y - scaled.height,
      width: scaled.width,
      height: scaled.height,
    });
    y -= scaled.height + 14;
  } else {
    line('(the signature image was deleted after the retention period; its hash remains)');
  }
  line(`Agreement hash (SHA-256): ${loan.agreementHash}`, font, 9);
  return doc.save();
}

/** The standard fonts encode WinAnsi only: other characters print as '?'. */
function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}
