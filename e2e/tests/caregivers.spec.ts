import { expect, test } from '@playwright/test';
import { newPatient, signInAs, skipTour } from './medicines-support';
import { lastMailTo } from './support';

/*
 * Issue 26 item 5, the patient's side, through the real server: invite a caregiver from the profile
 * page (the link goes to the outbox), the caregiver takes it, reads the patient's medicines through
 * the door and shows in the patient's access log; the patient removes them and the next read is refused.
 */

test('a patient invites a caregiver, sees them take the invitation, and removes them', async ({ page }) => {
  await skipTour(page);
  const patient = await newPatient(page, 'Clara Cared');
  const carer = await newPatient(page, 'Karl Carer');
  await signInAs(page, patient);
  await page.goto('/profile');
  await expect(page.getByText('Nobody cares for you in DoseDot yet.')).toBeVisible();

  // A wrong address: the field says so, nothing is sent.
  await page.getByLabel('Their e-mail address').fill('not an address');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();

  await page.getByLabel('Their e-mail address').fill(carer.email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`An invitation went to ${carer.email}`)).toBeVisible();
  const list = page.getByRole('list', { name: 'Caregivers' });
  await expect(list.getByText('Invited', { exact: true })).toBeVisible();

  const mail = lastMailTo(carer.email) ?? '';
  expect(mail).toContain('Subject: DoseDot: Clara Cared invites you as a caregiver');
  const token = mail.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
  const asCarer = { authorization: `Bearer ${carer.token}` };
  const accepted = await page.request.post('/api/caregivers/accept', {
    headers: asCarer,
    data: { data: { token } },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const [cared] = (await accepted.json()).data as { userId: number }[];
  const read = () =>
    page.request.get('/api/medicines', { headers: { ...asCarer, 'x-imp-user-id': String(cared?.userId) } });
  expect((await read()).status()).toBe(200);

  await page.reload();
  await expect(list.getByText('Karl Carer')).toBeVisible();
  await expect(list.getByText('Caregiver', { exact: true })).toBeVisible();
  await expect(page.getByText('Karl Carer (your caregiver) opened your medicines')).toBeVisible();

  await list.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Nobody cares for you in DoseDot yet.')).toBeVisible();
  expect((await read()).status()).toBe(403);
});
