-- Loans need verified identity (docs/loans.md, decision 58): nobody borrows unverified, so the
-- unverified loan cap of migration 019 described a limit that could never apply.
delete from params where key = 'kyc_loan_max_unverified';
