import { paths } from '../paths.ts';
import { route } from '../route-def.ts';
import { claimBody, claimResult } from '../review.ts';
import * as loans from './schemas.ts';

/** Loans' calls (docs/loans.md). */
export const loansRoutes = {
  listLoanProducts: route({
    ...paths.listLoanProducts,
    summary:
      "Loan products with their terms, the lending account's balance and what is lent out (ledger sums), and the caller's largest loan by identity level",
    tag: 'loans',
    auth: 'optional',
    result: loans.loanProducts,
    fields: loans.loanFieldCodes,
  }),
  loanAgreement: route({
    ...paths.loanAgreement,
    summary:
      'The agreement to sign for an amount and a term: its version, its clauses and every figure (total to repay, repayment date, annual rate, charges)',
    tag: 'loans',
    auth: 'session',
    query: loans.loanAgreementQuery,
    result: loans.loanAgreement,
    fields: loans.loanFieldCodes,
  }),
  uploadLoanSignature: route({
    ...paths.uploadLoanSignature,
    summary:
      'The signature drawn on screen under the agreement (multipart, one file part): JPG, JPEG 2000 or PNG within 512 KB, stored as PNG or JPEG',
    tag: 'loans',
    auth: 'session',
    upload: true,
    result: loans.loanUploadResult,
    fields: {},
  }),
  loan: route({
    ...paths.loan,
    summary:
      'Apply for a loan (SPEC §7) with the signed agreement: needs verified identity (10022, 10208); figures or version other than the current ones answer 10204; one open loan at a time (10205)',
    tag: 'loans',
    auth: 'session',
    body: loans.loanBody,
    result: loans.loan,
    fields: loans.loanFieldCodes,
  }),
  listLoanRecord: route({
    ...paths.listLoanRecord,
    summary: "The caller's loans, newest first (SPEC §7)",
    tag: 'loans',
    auth: 'session',
    query: loans.listLoanQuery,
    result: loans.loanPage,
    fields: loans.loanFieldCodes,
  }),
  getLoan: route({
    ...paths.getLoan,
    summary: "One of the caller's loans with its schedule",
    tag: 'loans',
    auth: 'session',
    params: loans.loanIdParams,
    result: loans.loan,
    fields: loans.loanFieldCodes,
  }),
  repayLoan: route({
    ...paths.repayLoan,
    summary:
      'Repay a loan in full: the principal, interest to date (none for days not yet ended) and any damages',
    tag: 'loans',
    auth: 'session',
    body: loans.loanIdBody,
    result: loans.loan,
    fields: loans.loanFieldCodes,
  }),
  loanAgreementPdf: route({
    ...paths.loanAgreementPdf,
    summary: 'The signed agreement of one of the caller’s loans, as a PDF',
    tag: 'loans',
    auth: 'session',
    params: loans.loanIdParams,
    rawResult: 'application/pdf',
    result: loans.loanUploadResult,
    fields: loans.loanFieldCodes,
  }),
  adminListLoanProducts: route({
    ...paths.adminListLoanProducts,
    summary: 'Every loan product, paused ones too, and the lending account',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer', 'support'],
    result: loans.loanProducts,
    fields: loans.loanFieldCodes,
  }),
  saveLoanProduct: route({
    ...paths.saveLoanProduct,
    summary:
      'Create or change a loan product, with a reason (audit log); open loans keep their terms',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: loans.loanProductBody,
    result: loans.loanProduct,
    fields: loans.loanFieldCodes,
  }),
  fundLending: route({
    ...paths.fundLending,
    summary: "Put the operator's money into the lending account, with a reason (audit log)",
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: loans.fundLendingBody,
    result: loans.loanProducts,
    fields: loans.loanFieldCodes,
  }),
  listLoanQueue: route({
    ...paths.listLoanQueue,
    summary: 'Loan applications by status, oldest first when pending',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    query: loans.loanQueueQuery,
    result: loans.loanQueue,
    fields: loans.loanFieldCodes,
  }),
  claimLoan: route({
    ...paths.claimLoan,
    summary: 'Claims a pending application for the caller for 15 minutes (another reviewer: 10191)',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    body: claimBody,
    result: claimResult,
    fields: loans.loanFieldCodes,
  }),
  reviewLoan: route({
    ...paths.reviewLoan,
    summary:
      'Approve an application (the amount moves from the lending account to the person in the same transaction) or reject it with a reason',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    body: loans.loanDecisionBody,
    result: loans.loanQueueItem,
    fields: loans.loanFieldCodes,
  }),
} as const;
