/*
 * Reminders and alerts by push (issue 26 items 2-3): the server's message as a notification, and
 * its buttons as a call of the API. The message is the server's (its texts in the user's language,
 * the buttons' texts included); the buttons carry the notification's single-use token, which is the
 * only authorization the service worker has (decision 0015).
 */

/** What the server sends (features/reminders/service.ts `deliver`). */
export interface PushMessage {
  title: string;
  body: string;
  lang: string;
  tag: string;
  kind: string;
  /** The app's page to open on a tap. */
  url: string;
  /** The patient's own notification: its buttons. */
  actions?: { token: string; snooze: number[]; labels: Record<string, string> };
}

/** The notification of a message: 'I took it', and the snoozes as far as the platform shows buttons. */
export function notificationOf(message: PushMessage, maxActions: number) {
  const buttons = message.actions
    ? ['taken', ...message.actions.snooze.map((m) => `snooze${m}`)]
        .slice(0, Math.max(0, maxActions))
        .map((action) => ({ action, title: message.actions?.labels[action] ?? action }))
    : [];
  return {
    title: message.title,
    options: {
      body: message.body,
      lang: message.lang,
      tag: message.tag,
      icon: '/pwa-192x192.png',
      badge: '/pwa-192x192.png',
      data: message,
      actions: buttons,
      // A reminder stays until it is answered.
      requireInteraction: message.kind === 'reminder',
    },
  };
}

/** Reads a push message's text; a message that is not ours shows as its text. */
export function parseMessage(text: string | undefined): PushMessage {
  try {
    const m = JSON.parse(text ?? '') as PushMessage;
    if (typeof m.title === 'string' && typeof m.body === 'string') return m;
  } catch {
    // Not JSON: shown as it is.
  }
  return { title: 'DoseDot', body: text ?? '', lang: '', tag: 'dosedot', kind: 'other', url: '/' };
}

/** The API call of a button (POST /api/reminders/dose-action), or null for a tap on the notification. */
export function actionRequestOf(
  action: string,
  message: PushMessage,
): { action: string; body: string } | null {
  if (!message.actions) return null;
  const token = message.actions.token;
  if (action === 'taken') return { action, body: JSON.stringify({ data: { token, action: 'taken' } }) };
  const snooze = /^snooze(\d+)$/.exec(action);
  if (snooze)
    return {
      action,
      body: JSON.stringify({ data: { token, action: 'snooze', minutes: Number(snooze[1]) } }),
    };
  return null;
}
