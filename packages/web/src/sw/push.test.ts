import { describe, expect, it } from 'vitest';
import { actionRequestOf, notificationOf, type PushMessage, parseMessage } from './push';

const reminder: PushMessage = {
  title: 'Zeit für Ihre Einnahme um 08:00',
  body: 'Es ist Zeit für Ihre Einnahme um 08:00: Ramipril.',
  lang: 'de',
  tag: 'dose-1-patient',
  kind: 'reminder',
  url: '/my-medicine',
  actions: {
    token: 'T'.repeat(43),
    snooze: [10, 30],
    labels: { taken: 'Eingenommen', snooze10: '10 Min. später', snooze30: '30 Min. später' },
  },
};

describe('a push message in the service worker', () => {
  it('shows the server’s texts with the buttons the platform has room for', () => {
    const two = notificationOf(reminder, 2);
    expect(two.title).toBe(reminder.title);
    expect(two.options).toMatchObject({ body: reminder.body, lang: 'de', requireInteraction: true });
    expect(two.options.actions).toEqual([
      { action: 'taken', title: 'Eingenommen' },
      { action: 'snooze10', title: '10 Min. später' },
    ]);
    expect(notificationOf(reminder, 3).options.actions.map((a) => a.action)).toEqual([
      'taken',
      'snooze10',
      'snooze30',
    ]);
    // A caregiver's alert has no buttons.
    const { actions: _, ...alert } = reminder;
    expect(notificationOf({ ...alert, kind: 'missed' }, 2).options.actions).toEqual([]);
  });

  it('turns a button into the API call with the token, and a tap into none', () => {
    expect(JSON.parse(actionRequestOf('taken', reminder)?.body ?? '')).toEqual({
      data: { token: 'T'.repeat(43), action: 'taken' },
    });
    expect(JSON.parse(actionRequestOf('snooze30', reminder)?.body ?? '')).toEqual({
      data: { token: 'T'.repeat(43), action: 'snooze', minutes: 30 },
    });
    expect(actionRequestOf('', reminder)).toBeNull();
    expect(parseMessage('not json')).toMatchObject({ title: 'DoseDot', body: 'not json', url: '/' });
  });
});
