/** A session's page; the terminal lets the page find the session in that terminal's list (there is no read by id). */
export const sessionPath = (sessionId: string, terminalId: string) => `/pos/sessions/${encodeURIComponent(sessionId)}?terminal_id=${encodeURIComponent(terminalId)}`;

export const terminalSessionsPath = (terminalId: string) => `/pos/sessions?terminal_id=${encodeURIComponent(terminalId)}`;
