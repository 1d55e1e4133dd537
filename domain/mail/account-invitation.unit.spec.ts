import { describe, expect, it } from 'vitest';
import type { MessageDescriptor, MessageValues } from '../shared/message';
import { renderAccountInvitation } from './account-invitation';

const english = (d: MessageDescriptor, values: MessageValues = {}) =>
  (d.message ?? d.id).replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

describe('the invitation to order for an organization', () => {
  const data = {
    invitedBy: 'Sam Okafor',
    organization: 'Riverside <Child> Clinic',
    accountNumber: '4821',
    link: 'https://store.example/en-gb/my-account/accounts',
    locale: 'en-gb',
  };

  it('names who invited, the organization, its number and where to add it', () => {
    const mail = renderAccountInvitation(data, english);
    expect(mail.subject).toBe('You are invited to order for Riverside <Child> Clinic');
    expect(mail.text).toContain(
      'Sam Okafor invited you to order assessments for Riverside <Child> Clinic on its customer account 4821.',
    );
    expect(mail.text).toContain('using the number 4821');
    expect(mail.text).toContain(data.link);
  });

  it('escapes what it puts into HTML', () => {
    const { html } = renderAccountInvitation(data, english);
    expect(html).toContain('Riverside &lt;Child&gt; Clinic');
    expect(html).not.toContain('<Child>');
    expect(html).toContain('<html lang="en">');
  });
});
