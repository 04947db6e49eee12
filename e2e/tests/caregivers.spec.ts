import { expect, test } from './fixtures';
import { newPatient, signInAs, skipTour } from './medicines-support';
import { lastMailTo } from './support';

/*
 * Issue 26 item 5, the patient's side, through the real server: invite a caregiver from the profile
 * page (the link goes to the outbox), the caregiver takes it, reads the patient's medicines through
 * the door and shows in the patient's access log; the patient removes them and the next read is refused.
 */

test('a patient invites a caregiver, sees them take the invitation, and removes them', async ({
  page,
  browser,
}) => {
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
  const link = mail.match(/https?:\/\/\S+\/caregiving\?token=[A-Za-z0-9_-]+/)?.[0] ?? '';
  expect(link).not.toBe('');
  // The caregiver opens the e-mailed link signed in, in a browser of their own.
  const carerPage = await browser.newPage();
  await skipTour(carerPage);
  await signInAs(carerPage, carer);
  await carerPage.goto(new URL(link).pathname + new URL(link).search);
  await expect(
    carerPage.getByText('You now care for them: you will be told when a dose is missed.'),
  ).toBeVisible();
  await expect(
    carerPage.getByRole('list', { name: 'People I care for' }).getByText('Clara Cared'),
  ).toBeVisible();
  // The token is gone from the address; opening the link again says it was used.
  await expect(carerPage).toHaveURL(/\/caregiving$/);
  await carerPage.goto(new URL(link).pathname + new URL(link).search);
  await expect(carerPage.getByText('This invitation has already been used.')).toBeVisible();
  await carerPage.close();
  const asCarer = { authorization: `Bearer ${carer.token}` };
  const caring = await page.request.get('/api/caregiving', { headers: asCarer });
  const [cared] = (await caring.json()).data as { userId: number }[];
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
