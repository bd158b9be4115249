import { useSyncExternalStore } from 'react';
import { postTicket } from '../api/post-ticket';
import { Outbox } from './outbox';
import { posStore } from './store';

let outbox: Outbox | null = null;

/** The tab's one outbox (one sync loop per tab). */
export function registerOutbox(): Outbox {
  outbox ??= new Outbox({ store: posStore(), send: postTicket });
  return outbox;
}

/** Tests start with a fresh outbox over their own store. */
export function resetRegisterOutbox() {
  outbox = null;
}

export function useOutbox() {
  const box = registerOutbox();
  const snapshot = useSyncExternalStore(box.subscribe, box.getSnapshot, box.getSnapshot);
  return { outbox: box, snapshot };
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** What the browser says about the network (a hint: the outbox learns the truth by sending). */
export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
