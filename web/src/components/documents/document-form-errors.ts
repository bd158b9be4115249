import { translateValidationMessage } from '../../lib/validation';

/** A document form's messages, already in the reader's language. */
export interface DocumentFormTexts {
  lineDescription: string;
  linesRequired: string;
  dueBeforeIssue: string;
  /** The contact (customer or supplier) is missing. */
  contactRequired: string;
  issueDate: string;
  dueDate: string;
  /** Per line field (`quantity`, `unit_price`, `discount`, `tax_id`, `account_id`…): what is wrong with it. */
  lineFields: Readonly<Record<string, string>>;
}

const DUE_BEFORE_ISSUE = 'The due date cannot be before the issue date';

/**
 * The shared schemas and the server speak English; known messages and line fields are shown in
 * the reader's language, anything else as the server wrote it.
 */
export function documentFormMessages(texts: DocumentFormTexts) {
  const byMessage = (message: string): string | null => {
    switch (message) {
      case 'A line needs a description':
        return texts.lineDescription;
      case 'At least one line is required':
        return texts.linesRequired;
      case DUE_BEFORE_ISSUE:
        return texts.dueBeforeIssue;
      default:
        return null;
    }
  };
  const byLineField = (path: string): string | null => {
    const field = /^lines\.\d+\.(\w+)/.exec(path)?.[1];
    return field !== undefined && Object.hasOwn(texts.lineFields, field) ? texts.lineFields[field]! : null;
  };
  /** Messages of the form's own check: every field has a known meaning. */
  const client = (message: string, path: string) => {
    if (path === 'contact_id') return texts.contactRequired;
    if (path === 'issue_date') return texts.issueDate;
    if (path === 'due_date' && message !== DUE_BEFORE_ISSUE) return texts.dueDate;
    return byMessage(message) ?? byLineField(path) ?? translateValidationMessage(message);
  };
  /** Messages of a 422 answer: the server may name a reason the form cannot know (an inactive contact). */
  const server = (message: string, path: string) => byMessage(message) ?? byLineField(path) ?? translateValidationMessage(message);
  return { client, server };
}
