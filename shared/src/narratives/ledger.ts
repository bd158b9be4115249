/** Journal memos and posting-line descriptions the posting engine writes. */
export const LEDGER_NARRATIVES = {
  'ledger.reversal': { en: 'Reversal of {entry}', ar: 'عكس {entry}' },
} as const;
