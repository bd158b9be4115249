/**
 * An IBAN on screen shows its country, check digits and last four characters only: enough to
 * tell accounts apart without putting the whole number on every list.
 */
export function maskIban(iban: string | null): string | null {
  if (!iban) return null;
  if (iban.length <= 8) return iban;
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}
