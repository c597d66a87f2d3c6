/**
 * The words of a review request outside its text (sms/text-words.ts has those): the e-mail and its
 * reminder, the pages behind its links, and the lines it leaves on the lead's timeline. Every
 * customer is asked alike: no question about how the job went comes first, and nothing is offered.
 */
import { business } from '../../core/business.ts';

export const reviewWords = {
  mail: {
    subject: (reminder: boolean) => (reminder ? `A last reminder from ${business.name}` : `Thanks from ${business.name}`),
    heading: 'Thanks for having us',
    lines: (reminder: boolean) =>
      reminder
        ? ['A few days ago we asked whether you could write a Google review of our work.', 'If you have a minute, it helps other businesses find us.']
        : [`Thank you for choosing ${business.name}.`, 'If you have a minute, a Google review of our work helps other businesses find us.'],
    button: 'Write a Google review',
    last: 'This is the only reminder we will send.',
    signOff: `The team at ${business.name}`,
    unsubscribe: 'Unsubscribe from review e-mails',
    why: 'You are receiving this because we recently finished a job for you.',
  },
  page: {
    goTitle: `Review ${business.name} on Google`,
    going: 'Google’s review page opens next. If it does not, press the button.',
    goButton: 'Write a Google review',
    endedTitle: 'This link has ended',
    ended: `This review link has ended. Thank you for your time. To reach ${business.name}, use the contact details on our website.`,
    unsubscribeTitle: 'Unsubscribe from review e-mails',
    unsubscribeAsk: `Press the button and ${business.name} will not e-mail you about reviews again.`,
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribed: `${business.name} will not e-mail you about reviews again.`,
    invalidTitle: 'This link does not work',
    invalid: 'This link is not one we sent, or it has been cut short. Check that you copied all of it.',
  },
  events: {
    asked: (how: 'sms' | 'email', reminder: boolean) =>
      `${reminder ? 'Reminder about the Google review' : 'Google review request'} sent to the customer by ${how === 'sms' ? 'text' : 'e-mail'}`,
    pressed: 'The customer opened the Google review link',
    unsubscribed: 'The customer unsubscribed from review e-mails',
  },
} as const;
