import { act, render, screen } from '@testing-library/react';
import { Table, Tabs } from '@radix-ui/themes';
import { afterAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { changeLanguage } from '../lib/i18n';
import { AppTheme } from './app-theme';

/** A tab list and a table, as the screens draw them inside the signed-in shell's Theme. */
function Screen() {
  return (
    <AppProviders>
      <AppTheme>
        <Tabs.Root defaultValue="a">
          <Tabs.List aria-label="Statuses">
            <Tabs.Trigger value="a">A</Tabs.Trigger>
            <Tabs.Trigger value="b">B</Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
        <Table.Root aria-label="Invoices">
          <Table.Body>
            <Table.Row>
              <Table.Cell>INV-1</Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </AppTheme>
    </AppProviders>
  );
}

/** The nearest `dir` attribute above (or on) an element: what the browser lays it out by. */
const directionOf = (element: Element) => element.closest('[dir]')?.getAttribute('dir');

describe('the app theme', () => {
  afterAll(() => changeLanguage('en'));

  // A root Radix <Theme> provides `dir="ltr"` to every primitive under it; the app's direction must win.
  it('lays Radix tabs and tables out in the language direction, and follows a language switch', async () => {
    await changeLanguage('ar');
    render(<Screen />);
    const tablist = screen.getByRole('tablist', { name: 'Statuses' });
    const cell = screen.getByRole('cell', { name: 'INV-1' });
    expect(directionOf(tablist)).toBe('rtl');
    expect(directionOf(cell)).toBe('rtl');

    await act(() => changeLanguage('en'));
    expect(directionOf(screen.getByRole('tablist', { name: 'Statuses' }))).toBe('ltr');
    expect(directionOf(screen.getByRole('cell', { name: 'INV-1' }))).toBe('ltr');
  });
});
